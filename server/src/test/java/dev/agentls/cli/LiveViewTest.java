package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunStatus;
import dev.agentls.agent.ToolCalls;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import dev.agentls.host.FileChange;
import org.junit.jupiter.api.Test;

class LiveViewTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final AtomicLong clock = new AtomicLong();
    private final AtomicBoolean asking = new AtomicBoolean();
    private final LiveView view = new LiveView(new PrintStream(bytes, true, StandardCharsets.UTF_8),
            new LiveView.Look(true, new DiffLines(Path.of("/ws"), false), ModelErrorHint.NONE, asking::get,
                    clock::get));

    private String shown() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onATerminalTheSpinnerShowsTheStepTheTokensAndWhatTheRunWaitsOnAndIsErasedBeforeTheNextLine() {
        view.onEvent(new AgentEvent.RunStarted("r", 0, RunMode.DIRECT, "c"));
        view.onEvent(new AgentEvent.TokenUsage("r", 1, 1000, 234, 0, Optional.empty(), OptionalDouble.empty()));
        view.onEvent(ToolCalls.event("r", 2, "call_1", "grep_search", "{\"query\":\"greet\"}", ""));
        view.tick();
        assertTrue(shown().endsWith("\r\033[K/ step 1 | 1234 tokens | 0.0s | running grep_search"), shown());

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
        assertTrue(shown().contains("run finished: budget after 0 model call(s), 0 tokens, 0.0s: the token budget of"
                + " 1000 is used up"), shown());
        assertFalse(shown().contains("step 1 |"), shown());
    }

    @Test
    void streamedTextIsShownAsItComesWithoutWaitingForTheLineToEnd() {
        view.onEvent(new AgentEvent.RunStarted("r", 0, RunMode.DIRECT, "c"));
        view.onEvent(new AgentEvent.Text("r", 1, "Hel"));
        assertTrue(shown().endsWith("Hel"), shown());
        view.onEvent(new AgentEvent.Text("r", 2, "lo"));
        assertTrue(shown().endsWith("Hello"), shown());
    }

    @Test
    void theSpinnerAndTheEndShowCostAndDuration() {
        view.onEvent(new AgentEvent.RunStarted("r", 0, RunMode.DIRECT, "c"));
        clock.set(2_500_000_000L);
        view.onEvent(new AgentEvent.TokenUsage("r", 1, 1000, 234, 0, Optional.of(new BigDecimal("0.01234")),
                OptionalDouble.empty()));
        view.tick();
        assertTrue(shown().endsWith("step 1 | 1234 tokens, $0.0123 | 2.5s | running tools"), shown());
        clock.set(75_000_000_000L);
        view.onEvent(new AgentEvent.RunFinished("r", 2, RunStatus.COMPLETED, "done"));
        assertTrue(shown().endsWith("run finished: completed after 1 model call(s), 1234 tokens, $0.0123, 1m15s\n"),
                shown());
    }

    @Test
    void aCommandsFirstLinesOfOutputAreShownUnderItsResult() {
        view.onEvent(ToolCalls.event("r", 1, "c1", "execute_command", "{\"command\":\"mvn test\"}", ""));
        view.onEvent(new AgentEvent.ToolResult("r", 2, "c1", "execute_command", true,
                "Exit code 1.\nline 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7", false));
        String shown = shown();
        assertTrue(shown.contains("[ok]     execute_command mvn test -> Exit code 1. (8 lines)\n"
                + "         | line 1\n         | line 2\n         | line 3\n         | line 4\n         | line 5\n"
                + "         | ... 2 more line(s)\n"), shown);
        assertFalse(shown.contains("line 6"), shown);
    }

    @Test
    void anEditsDiffIsShownAndColouredOnlyWhenColourIsOn() {
        FileChange change = new FileChange.Modify(Path.of("/ws/src/A.java"), OptionalInt.empty(),
                "class A {\n  int x = 1;\n}\n", "class A {\n  int x = 2;\n}\n");
        view.applied(List.of(change));
        assertTrue(shown().contains("--- a/src/A.java\n+++ b/src/A.java\n@@ -1,3 +1,3 @@\n class A {\n-  int x = 1;\n"
                + "+  int x = 2;\n }\n"), shown());
        assertFalse(shown().contains("\033["), "no colour asked: " + shown());

        List<String> coloured = new DiffLines(Path.of("/ws"), true).lines(change);
        assertTrue(coloured.contains("\033[32m+  int x = 2;\033[0m"), coloured.toString());
        assertTrue(coloured.contains("\033[31m-  int x = 1;\033[0m"), coloured.toString());
    }

    @Test
    void colourNeedsATerminalATermThatIsNotDumbAndNoNoColor() {
        assertTrue(LiveView.Look.colour(true, Map.of("TERM", "xterm-256color")));
        assertFalse(LiveView.Look.colour(false, Map.of("TERM", "xterm-256color")), "not a TTY");
        assertFalse(LiveView.Look.colour(true, Map.of("TERM", "dumb")));
        assertFalse(LiveView.Look.colour(true, Map.of("TERM", "xterm", "NO_COLOR", "")), "NO_COLOR set, even empty");
    }

    @Test
    void theSpinnerIsErasedBeforeAQuestionAndNotDrawnWhileItIsOpen() {
        view.onEvent(new AgentEvent.RunStarted("r", 0, RunMode.DIRECT, "c"));
        view.tick();
        assertTrue(shown().endsWith("waiting for the model"), shown());
        asking.set(true);
        view.pause();
        assertTrue(shown().endsWith("waiting for the model\r\033[K"), "the spinner line is cleared: " + shown());
        int before = shown().length();
        view.tick();
        assertEquals(before, shown().length(), "no spinner while a question is open");
        asking.set(false);
        view.tick();
        assertTrue(shown().endsWith("waiting for the model"), shown());
    }

    @Test
    void aCallsFileGivenUnderAnAliasIsWhatItsLineIsAbout() {
        view.onEvent(ToolCalls.event("r", 1, "c1", "replace_in_file",
                "{\"target_file\":\"src/App.java\",\"diff\":\"...\"}", ""));
        view.onEvent(new AgentEvent.ToolResult("r", 2, "c1", "replace_in_file", true, "Replaced 1 block.", false));
        view.onEvent(ToolCalls.event("r", 3, "c2", "read_file", "{\"file_path\":\"src/Other.java\"}", ""));
        view.onEvent(new AgentEvent.ToolResult("r", 4, "c2", "read_file", true, "1 | class Other {}", false));
        view.onEvent(ToolCalls.event("r", 5, "c3", "read_file", "{\"path\": ", ""));
        view.onEvent(new AgentEvent.ToolResult("r", 6, "c3", "read_file", false, "read_file: the arguments are not"
                + " valid JSON", false));

        assertTrue(shown().contains("[ok]     replace_in_file src/App.java -> Replaced 1 block.\n"), shown());
        assertTrue(shown().contains("[ok]     read_file src/Other.java -> 1 | class Other {}\n"), shown());
        assertTrue(shown().contains("[failed] read_file (arguments are not JSON) -> read_file: the arguments are not"
                + " valid JSON\n"), shown());
    }
}
