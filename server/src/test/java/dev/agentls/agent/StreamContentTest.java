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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Tag("slow")
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
    void anAnswerWithTooManyToolCallsRunsOnlyTheFirstFifty(Provider provider) throws Exception {
        ModelScript.Call[] calls = new ModelScript.Call[ToolStep.MAX_CALLS_PER_ANSWER + 3];
        for (int i = 0; i < calls.length; i++) {
            calls[i] = call("write_to_file", "target_file", "out/f" + i + ".txt", "content", "x");
        }
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE).calls("", calls).text("Wrote them.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Write many files"));

            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertEquals(53, results.size());
            assertTrue(results.get(49).ok());
            assertEquals("write_to_file: not run: one answer may make at most 50 tool calls; this was call 51. Make"
                    + " fewer calls per answer.", results.get(50).text());
            assertTrue(java.nio.file.Files.exists(h.root.resolve("out/f49.txt")));
            assertFalse(java.nio.file.Files.exists(h.root.resolve("out/f50.txt")));
            assertEquals(RunStatus.COMPLETED, outcome.status());
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
            assertEquals("read_file: the arguments are a JSON array, not an object: [\"src/main/java/demo/Greeter.java\"]."
                    + " Nothing was run; call it again with valid JSON arguments.", results.get(0).text());
            assertTrue(results.get(1).ok());
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }
}
