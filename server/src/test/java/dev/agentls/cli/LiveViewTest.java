package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class LiveViewTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final LiveView view = new LiveView(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);

    private String shown() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onATerminalTheSpinnerShowsTheStepTheTokensAndWhatTheRunWaitsOnAndIsErasedBeforeTheNextLine() {
        view.onEvent(new AgentEvent.RunStarted("r", 0, RunMode.DIRECT, "c"));
        view.onEvent(new AgentEvent.TokenUsage("r", 1, 1000, 234, 0, Optional.empty(), OptionalDouble.empty()));
        view.onEvent(new AgentEvent.ToolCall("r", 2, "call_1", "grep_search", "{\"query\":\"greet\"}", ""));
        view.tick();
        assertTrue(shown().endsWith("\r\033[K/ step 1 | 1234 tokens | running grep_search"), shown());

        view.onEvent(new AgentEvent.ToolResult("r", 3, "call_1", "grep_search", true, "a.java:3: greet\nb.java:9: greet",
                false));
        assertTrue(shown().endsWith("running grep_search\r\033[K[ok]     grep_search greet -> a.java:3: greet (2 lines)\n"),
                shown());
    }

    @Test
    void theSpinnerNeverDrawsInsideStreamedTextNorOverAQuestionWaitingForTheUser() {
        view.onEvent(new AgentEvent.RunStarted("r", 0, RunMode.DIRECT, "c"));
        view.onEvent(new AgentEvent.Text("r", 1, "half a sent"));
        int before = shown().length();
        view.tick();
        assertEquals(before, shown().length(), "no spinner mid-line");
        view.onEvent(new AgentEvent.QuestionAsked("r", 2, "Which file?", java.util.List.of("a", "b")));
        int asked = shown().length();
        view.tick();
        assertEquals(asked, shown().length(), "no spinner over the prompt");
        assertTrue(shown().contains("half a sent\n? question: Which file?\n"), shown());
    }

    @Test
    void aFailedRunEndsWithItsStatusAndReason() {
        view.onEvent(new AgentEvent.RunStarted("r", 0, RunMode.PLAN, "c"));
        view.onEvent(new AgentEvent.RunFinished("r", 1, RunStatus.BUDGET, "the token budget of 1000 is used up"));
        assertTrue(shown().contains("(mode plan, conversation c)"), shown());
        assertTrue(shown().contains("run finished: budget after 0 model call(s), 0 tokens: the token budget of 1000"
                + " is used up"), shown());
        assertFalse(shown().contains("step 1 |"), shown());
    }
}
