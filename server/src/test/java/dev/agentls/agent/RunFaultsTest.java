package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
@Tag("slow")
class RunFaultsTest {

    private static final String GREETER = DirectRunTest.GREETER;

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aModelFailureMidRunEndsItFailedWithTheProvidersReasonAndTheWorkspaceAsLeft(Provider provider,
                                                                                    ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", DirectRunTest.FIX))
                .error(400, "model 'test-model' does not exist");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Strip names"));

            assertEquals(RunStatus.FAILED, outcome.status());
            assertTrue(outcome.text().startsWith("the model call failed: the provider rejected the request (HTTP"
                    + " 400)"), outcome.text());
            assertTrue(outcome.text().contains("model 'test-model' does not exist"), outcome.text());
            assertEquals(outcome.text(), h.all(AgentEvent.Error.class).get(0).message());
            assertTrue(h.file(GREETER).contains("name.strip()"), "the last completed tool's change stays");
            List<String> types = h.types();
            assertEquals(List.of("error", "run_finished"), types.subList(types.size() - 2, types.size()));
        }
    }

    @Test
    void serverErrorsAreRetriedWithRetryEventsThenFail() throws Exception {
        ModelScript script = new ModelScript(Provider.ANTHROPIC, ToolMode.NATIVE)
                .error(500, "overloaded").error(500, "still overloaded");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Anything"));

            assertEquals(RunStatus.FAILED, outcome.status());
            assertTrue(outcome.text().contains("HTTP 500") && outcome.text().contains("still overloaded"),
                    outcome.text());
            assertEquals(List.of("run_started", "retry", "error", "run_finished"), h.types());
            assertEquals(2, h.all(AgentEvent.Retry.class).get(0).attempt());
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aRateLimitIsRetriedAndTheRunGoesOn(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("read_file", "target_file", GREETER, "start_line", 1, "end_line", 1))
                .error(429, "slow down")
                .text("It is in package demo.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Which package?"));

            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertEquals(List.of("run_started", "token_usage", "tool_call", "tool_result", "retry", "text",
                    "token_usage", "completion", "run_finished"), h.types());
            AgentEvent.Retry retry = h.all(AgentEvent.Retry.class).get(0);
            assertEquals(2, retry.attempt());
            assertTrue(retry.reason().startsWith("rate limited"), retry.reason());
            assertTrue(retry.reason().contains("slow down"), retry.reason());
        }
    }

    @Test
    void aStreamCutAfterTextFailsTheRunWithoutPassingItOffAsAnAnswer() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE).cutAfter("The greeter is");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Explain"));

            assertEquals(RunStatus.FAILED, outcome.status());
            assertTrue(outcome.text().contains("the answer stream was cut"), outcome.text());
            assertTrue(h.all(AgentEvent.Completion.class).isEmpty());
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aFailedEditIsReportedWithItsFactsAndTheCorrectedOneLands(Provider provider, ToolMode mode)
            throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("replace_in_file", "target_file", GREETER, "diff",
                        "------- SEARCH\n        return salutationFor(person).toUpperCase(Locale.ROOT);\n=======\n"
                                + "        return greeting;\n+++++++ REPLACE"))
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", DirectRunTest.FIX))
                .calls("", call("attempt_completion", "result", "Fixed on the second try."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Strip names"));

            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertFalse(results.get(0).ok());
            assertTrue(results.get(0).text().contains("not found") && results.get(0).text().contains("closest"),
                    results.get(0).text());
            assertTrue(h.requestBodies().get(1).contains("closest"), "the model read the failure's facts");
            assertTrue(results.get(1).ok());
            assertEquals(1, h.all(AgentEvent.EditApplied.class).size());
            assertTrue(h.file(GREETER).contains("name.strip()"));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }
}
