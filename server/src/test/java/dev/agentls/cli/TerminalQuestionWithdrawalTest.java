package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.agent.RunStatus;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import dev.agentls.workspace.AtomicWriter;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The terminal's questions when a run stops waiting for them, with a real pipe as stdin (an OS pipe, written by the
 * test as a user types), the real agent, and the scripted model on loopback: a cancel while asking prints that the
 * question was withdrawn and why, ends the wait at once and leaves the process with one reader of the pipe, never one
 * blocked read per question; a line typed after the withdrawal is dropped, not taken as the answer to the next run's
 * question.
 */
class TerminalQuestionWithdrawalTest {

    private static final String LATE = "late-line-for-the-withdrawn-question";

    @TempDir
    Path temp;

    private final ExecutorService connections = Executors.newCachedThreadPool();
    private final ExecutorService inputLoop = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "test-terminal-input");
        thread.setDaemon(true);
        return thread;
    });
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void stop() {
        connections.shutdownNow();
        inputLoop.shutdownNow();
    }

    @Test
    void aCancelWhileAskingPrintsWithdrawnKeepsOneReaderAndALateLineIsNotTheNextQuestionsAnswer() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        Pipe pipe = Pipe.open();
        OutputStream keyboard = Channels.newOutputStream(pipe.sink());
        PrintStream shown = new PrintStream(err, true, StandardCharsets.UTF_8);
        TerminalHost.Prompter prompter = new TerminalHost.Prompter(new BufferedReader(new InputStreamReader(
                Channels.newInputStream(pipe.source()), StandardCharsets.UTF_8)), shown, inputLoop);
        try (ReplayServer model = ReplayServer.start(new OpenAiScript()
                .answer("", "ask_followup_question", arguments("question", "Which greeting?"))
                .answer("", "ask_followup_question", arguments("question", "Which name?"))
                .answer("", "attempt_completion", arguments("result", "Named.")).transcript(), 0, connections,
                line -> { });
             HeadlessRuns workspace = HeadlessRuns.open(root, model, temp.resolve("home"), shown, prompter,
                     RunOptions.Approvals.ASK, agents -> agents)) {
            RunHandle first = workspace.run(RunRequest.of("Greet"), event -> { });
            awaitShown(text -> text.contains("Which greeting?\n> "));

            long cancelledAt = System.nanoTime();
            first.cancel();
            RunOutcome cancelled = first.outcome().get(20, TimeUnit.SECONDS);
            long millis = (System.nanoTime() - cancelledAt) / 1_000_000;

            assertEquals(RunStatus.CANCELLED, cancelled.status(), shown());
            assertTrue(millis < 5_000, "the cancel ends the wait at once: " + millis + " ms");
            awaitShown(text -> text.contains("Which greeting?\n> \n(question withdrawn: the run was cancelled;"
                    + " nothing typed now answers it)\n"));
            assertEquals(1, readersOnceStarted(), "one reader of the terminal, whatever was asked");

            keyboard.write((LATE + "\n").getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            awaitShown(text -> text.contains(TerminalInput.DROPPED));

            RunHandle second = workspace.run(RunRequest.of("Name"), event -> { });
            awaitShown(text -> text.contains("Which name?\n> "));
            keyboard.write("Ada\n".getBytes(StandardCharsets.UTF_8));
            keyboard.flush();
            RunOutcome named = second.outcome().get(30, TimeUnit.SECONDS);

            assertEquals(RunStatus.COMPLETED, named.status(), named.text() + "\n" + shown());
            assertEquals(3, model.requests().size());
            String answered = model.requests().get(2).body();
            assertTrue(answered.contains("Ada"), answered);
            assertFalse(answered.contains(LATE), "the late line answered the next question: " + answered);
            assertEquals(1, readersOfTheInput(), "still the one reader after two questions");

            keyboard.close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (readersOfTheInput() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(0, readersOfTheInput(), "the reader ends with its input");
        }
    }

    @Test
    void answersTypedAheadBeforeAnyWithdrawalStillAnswerTheQuestionsInOrder() throws Exception {
        Pipe pipe = Pipe.open();
        OutputStream keyboard = Channels.newOutputStream(pipe.sink());
        PrintStream shown = new PrintStream(err, true, StandardCharsets.UTF_8);
        TerminalHost host = new TerminalHost(new dev.agentls.workspace.DocumentStore(), new AtomicWriter(),
                new TerminalHost.Prompter(new BufferedReader(new InputStreamReader(
                        Channels.newInputStream(pipe.source()), StandardCharsets.UTF_8)), shown, inputLoop), shown);
        keyboard.write("y\n2\n".getBytes(StandardCharsets.UTF_8));
        keyboard.flush();

        assertTrue(host.confirm("Delete build/?", "").get(10, TimeUnit.SECONDS));
        assertEquals(java.util.Optional.of("Gradle"), host.ask("Which build tool?", java.util.List.of("Maven",
                "Gradle")).get(10, TimeUnit.SECONDS));
        assertFalse(shown().contains(TerminalInput.DROPPED), shown());
        keyboard.close();
    }

    /** The threads blocked in (or running) the terminal input's reading loop, in this JVM. */
    /** The readers of the input once the first has started (it starts on its own thread): never more than one. */
    private static long readersOnceStarted() throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
        long readers = readersOfTheInput();
        while (readers == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            readers = readersOfTheInput();
        }
        return readers;
    }

    private static long readersOfTheInput() {
        return Thread.getAllStackTraces().entrySet().stream().filter(entry -> entry.getKey().isAlive())
                .filter(entry -> Arrays.stream(entry.getValue()).anyMatch(frame ->
                        frame.getClassName().equals(TerminalInput.class.getName())
                                && frame.getMethodName().equals("readLoop")))
                .count();
    }

    private String shown() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private void awaitShown(Predicate<String> expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!expected.test(shown())) {
            assertTrue(System.nanoTime() < deadline, "never shown as expected; the terminal shows:\n" + shown());
            Thread.sleep(10);
        }
    }
}
