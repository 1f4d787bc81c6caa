package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Tag("slow")
class PlanModeTest {

    private static final String GREETER = DirectRunTest.GREETER;

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aFirstCreatePlanMakesAPlanRunWithStepEventsAndProgress(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("I will plan this.", call("create_plan", "goal", "Strip names",
                        "steps", List.of(Map.of("title", "Change greet", "description", "strip the name"),
                                Map.of("title", "Check the result"))))
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", DirectRunTest.FIX))
                .calls("", call("complete_step", "step", 1, "summary", "greet strips"))
                .calls("", call("read_file", "target_file", GREETER))
                .calls("", call("complete_step", "step", 2))
                .calls("", call("attempt_completion", "result", "Done in two steps."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Strip names before greeting them"));

            assertEquals(List.of("run_started", "text", "token_usage",
                    "tool_call", "plan_created", "step_started", "tool_result",
                    "token_usage", "tool_call", "tool_result", "edit_applied",
                    "token_usage", "tool_call", "step_completed", "step_started", "tool_result",
                    "token_usage", "tool_call", "tool_result",
                    "token_usage", "tool_call", "step_completed", "tool_result",
                    "token_usage", "tool_call", "tool_result", "completion", "run_finished"), h.types());
            assertEquals(RunMode.PLAN, h.all(AgentEvent.RunStarted.class).get(0).mode());
            assertEquals(RunStatus.COMPLETED, outcome.status());
            AgentEvent.PlanCreated plan = h.all(AgentEvent.PlanCreated.class).get(0);
            assertEquals("Strip names", plan.goal());
            assertEquals(List.of("Change greet", "Check the result"), plan.steps());
            AgentEvent.StepStarted second = h.all(AgentEvent.StepStarted.class).get(1);
            assertEquals(2, second.step());
            assertEquals(2, second.total());
            assertEquals("step 2 of 2", AgentEventJson.toJson(second).path("progress").asText());
            assertEquals(List.of("step 1 of 2: Change greet", "step 2 of 2: Check the result"), h.host.progress);
            assertTrue(h.file(GREETER).contains("name.strip()"));
        }
    }

    @Test
    void aRequestedPlanRunIsReadOnlyUntilTheUserApprovesThePlan() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", DirectRunTest.FIX))
                .calls("", call("create_plan", "goal", "Strip names", "steps", List.of("Change greet")))
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", DirectRunTest.FIX))
                .calls("", call("attempt_completion", "result", "Stripped."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.host.answers.add(Optional.of("Approve"));
            RunOutcome outcome = h.run(RunRequest.of("Strip names").withMode(RunMode.PLAN));

            assertEquals(RunMode.PLAN, h.all(AgentEvent.RunStarted.class).get(0).mode());
            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertFalse(results.get(0).ok());
            assertTrue(results.get(0).text().startsWith("replace_in_file: not run: this run is in plan mode"),
                    results.get(0).text());
            assertTrue(results.get(1).ok(), results.get(1).text());
            assertTrue(results.get(1).text().startsWith("The user approved the plan"), results.get(1).text());
            assertTrue(results.get(2).ok(), results.get(2).text());
            assertEquals(1, h.all(AgentEvent.ApprovalRequested.class).size());
            assertTrue(h.host.asked.get(0).contains("1. Change greet"), h.host.asked.toString());
            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertTrue(h.file(GREETER).contains("name.strip()"));
        }
    }

    @Test
    void aPlanTheUserEditsIsSentBackAndFilesStayReadOnly() throws Exception {
        ModelScript script = new ModelScript(Provider.ANTHROPIC, ToolMode.NATIVE)
                .calls("", call("create_plan", "goal", "Strip names", "steps", List.of("Change greet")))
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", DirectRunTest.FIX))
                .text("I will wait for a new plan.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            String before = h.file(GREETER);
            h.host.answers.add(Optional.of("Also trim the greeting"));
            RunOutcome outcome = h.run(RunRequest.of("Strip names").withMode(RunMode.PLAN));

            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertEquals("create_plan: the user asks for changes to the plan: Also trim the greeting\nFiles stay"
                    + " read-only; call create_plan again with the changed plan.", results.get(0).text());
            assertFalse(results.get(1).ok());
            assertEquals(before, h.file(GREETER));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }

    @Test
    void aRejectedPlanEndsTheRunAndChangesNothing() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.XML)
                .calls("", call("create_plan", "goal", "Strip names", "steps", List.of("Change greet")));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            String before = h.file(GREETER);
            h.host.answers.add(Optional.of("Reject"));
            RunOutcome outcome = h.run(RunRequest.of("Strip names").withMode(RunMode.PLAN));

            assertEquals(RunStatus.FAILED, outcome.status());
            assertEquals("the user rejected the plan", outcome.text());
            assertEquals(List.of("run_started", "token_usage", "tool_call", "plan_created", "approval_requested",
                    "tool_result", "run_finished"), h.types());
            assertEquals(before, h.file(GREETER));
        }
    }

    @Test
    void askModeIsReadOnlyThroughout() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", GREETER),
                        call("write_to_file", "target_file", "NEW.md", "content", "x"),
                        call("execute_command", "command", "touch made-by-command", "requires_approval", false))
                .text("Greeter joins greeting and name.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Explain Greeter").withMode(RunMode.ASK));

            assertEquals(RunMode.ASK, h.all(AgentEvent.RunStarted.class).get(0).mode());
            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertTrue(results.get(0).ok());
            assertTrue(results.get(1).text().startsWith("write_to_file: not run: this run is in ask mode"),
                    results.get(1).text());
            assertTrue(results.get(2).text().startsWith("execute_command: not run: this run is in ask mode"));
            assertFalse(java.nio.file.Files.exists(h.root.resolve("NEW.md")));
            assertFalse(java.nio.file.Files.exists(h.root.resolve("made-by-command")));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }
}
