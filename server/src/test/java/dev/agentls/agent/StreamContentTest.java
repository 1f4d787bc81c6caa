package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StreamContentTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @EnumSource(Provider.class)
    void reasoningStreamsAsThinkingEventsBeforeTheText(Provider provider) throws Exception {
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE)
                .thinkingThenText("The user wants a summary.", "Greeter greets.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Summarise Greeter"));

            assertEquals(List.of("run_started", "thinking", "text", "token_usage", "completion", "run_finished"),
                    h.types());
            assertEquals("The user wants a summary.", h.all(AgentEvent.Thinking.class).get(0).text());
            assertEquals("Greeter greets.", outcome.text());
        }
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void toolArgumentsThatAreNotJsonAreAFailedCallTheModelCanCorrect(Provider provider) throws Exception {
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE)
                .rawCall("read_file", "[\"src/main/java/demo/Greeter.java\"]")
                .calls("", call("read_file", "target_file", DirectRunTest.GREETER, "start_line", 1, "end_line", 1))
                .text("package demo.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Which package?"));

            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertFalse(results.get(0).ok());
            assertEquals("read_file: the arguments are not a JSON object: [\"src/main/java/demo/Greeter.java\"]. Call"
                    + " it again with valid JSON arguments.", results.get(0).text());
            assertTrue(results.get(1).ok());
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }
}
