package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Tag("slow")
class SteeringAndLoopsTest {

    private static final String GREETER = DirectRunTest.GREETER;

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aSteeringMessageReachesTheModelAsAUserTurnAtTheNextToolBoundary(Provider provider, ToolMode mode)
            throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("ask_followup_question", "question", "Which greeting?"))
                .text("Using Hi.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            AtomicReference<RunHandle> handle = new AtomicReference<>();
            h.host.onAsk = () -> assertTrue(handle.get().steer("Use Hi, and keep it short"));
            h.host.answers.add(Optional.of("Hello"));
            handle.set(h.start(RunRequest.of("Change the greeting")));
            RunOutcome outcome = handle.get().outcome().get(30, TimeUnit.SECONDS);
            h.assertWellFormed();

            assertEquals(RunStatus.COMPLETED, outcome.status());
            String second = h.requestBodies().get(1);
            int answer = second.indexOf("The user answered: Hello");
            int steer = second.indexOf("Use Hi, and keep it short");
            assertTrue(answer > 0 && steer > answer, second);
            assertFalse(h.requestBodies().get(0).contains("Use Hi"));
            assertFalse(handle.get().steer("too late"), "a finished run takes no more steering");
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void theSameCallWithTheSameResultThreeTimesIsToldAndDroppedFromTheNextRequest(Provider provider,
                                                                                   ToolMode mode) throws Exception {
        ModelScript.Call same = call("read_file", "target_file", GREETER, "start_line", 1, "end_line", 2);
        ModelScript script = new ModelScript(provider, mode)
                .calls("", same).calls("", same).calls("", same)
                .text("Greeter is in package demo.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Which package is Greeter in?"));

            assertEquals(RunStatus.COMPLETED, outcome.status());
            AgentEvent.LoopDetected loop = h.all(AgentEvent.LoopDetected.class).get(0);
            assertEquals("the same read_file call with the same arguments and the same result", loop.what());
            assertEquals(3, loop.repeats());
            assertFalse(loop.stopping());
            List<String> bodies = h.requestBodies();
            assertEquals(2, occurrences(bodies.get(2), "package demo;"), "two results before the third call");
            assertEquals(1, occurrences(bodies.get(3), "package demo;"), "the earlier repeats are dropped");
            assertTrue(bodies.get(3).contains("AgentLS noticed a loop: you made the same read_file call"),
                    bodies.get(3));
        }
    }

    @Test
    void aLoopThatPersistsAfterTheNoteStopsTheRun() throws Exception {
        ModelScript.Call same = call("list_dir", "relative_workspace_path", "src");
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", same).calls("", same).calls("", same).calls("", same).calls("", same);
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Look"));

            assertEquals(RunStatus.FAILED, outcome.status());
            assertEquals("stopped: the model kept repeating the same list_dir call with the same arguments and the"
                    + " same result after being told", outcome.text());
            List<AgentEvent.LoopDetected> loops = h.all(AgentEvent.LoopDetected.class);
            assertEquals(2, loops.size());
            assertFalse(loops.get(0).stopping());
            assertTrue(loops.get(1).stopping());
            assertEquals(5, h.requestBodies().size());
        }
    }

    @Test
    void theSameFailingEditTwiceIsALoop() throws Exception {
        ModelScript.Call wrong = call("replace_in_file", "target_file", GREETER, "diff",
                "------- SEARCH\nreturn hello;\n=======\nreturn hi;\n+++++++ REPLACE");
        ModelScript script = new ModelScript(Provider.ANTHROPIC, ToolMode.XML)
                .calls("", wrong).calls("", wrong)
                .text("I cannot find that line.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            String before = h.file(GREETER);
            RunOutcome outcome = h.run(RunRequest.of("Say hi"));

            AgentEvent.LoopDetected loop = h.all(AgentEvent.LoopDetected.class).get(0);
            assertEquals("the same failing replace_in_file call (same arguments, failing again)", loop.what());
            assertEquals(2, loop.repeats());
            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertEquals(before, h.file(GREETER));
        }
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }
}
