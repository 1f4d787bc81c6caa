package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.host.QuestionWithdrawn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Tag("slow")
class CancellationTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void cancellingMidStreamClosesTheCallAndEndsTheRunCancelled(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode).pausingText("Let me think about this slowly.", 30_000);
        try (AgentHarness h = new AgentHarness(temp, script)) {
            CompletableFuture<Void> streaming = new CompletableFuture<>();
            RunHandle run = h.agent.run(RunRequest.of("Explain Greeter"), event -> {
                h.events.add(event);
                if (event instanceof AgentEvent.Text) {
                    streaming.complete(null);
                }
            });
            // A direct run holds text until the mode is known; a text-only answer decides it only at its end.
            streaming.completeOnTimeout(null, 2, TimeUnit.SECONDS).get();
            long start = System.nanoTime();
            run.cancel();
            RunOutcome outcome = run.outcome().get(10, TimeUnit.SECONDS);
            long millis = (System.nanoTime() - start) / 1_000_000;

            h.assertWellFormed();
            assertEquals(RunStatus.CANCELLED, outcome.status());
            assertTrue(millis < 5_000, "took " + millis + " ms");
            assertEquals(List.of("run_started", "text", "run_finished"), h.types());
            assertEquals("Let me think", h.all(AgentEvent.Text.class).get(0).text().substring(0, 12));
        }
    }

    /** The answer's whole text may be read before the cancel reaches the call: the run still ends cancelled. */
    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void cancellingWhileATextAnswerIsShownEndsTheRunCancelledNotCompleted(Provider provider, ToolMode mode)
            throws Exception {
        for (int turn : List.of(1, 2)) {
            Path root = temp.resolve(provider + "-" + mode + "-" + turn);
            // Answered in the first call, text is held until the answer ends; in a later one it streams as read.
            ModelScript used = turn == 1 ? new ModelScript(provider, mode) : new ModelScript(provider, mode)
                    .calls("Reading the greeter.", call("read_file", "target_file", DirectRunTest.GREETER));
            used.text("Greeter says hello to everyone.");
            try (AgentHarness h = new AgentHarness(root, used)) {
                CompletableFuture<RunHandle> handle = new CompletableFuture<>();
                handle.complete(h.agent.run(RunRequest.of("Explain Greeter"), event -> {
                    h.events.add(event);
                    if (event instanceof AgentEvent.Text text && text.text().startsWith("Greeter")) {
                        handle.join().cancel();
                    }
                }));
                RunOutcome outcome = handle.join().outcome().get(10, TimeUnit.SECONDS);

                h.assertWellFormed();
                assertEquals(RunStatus.CANCELLED, outcome.status(), "answer in model call " + turn);
                assertEquals("cancelled", outcome.text());
                assertTrue(h.all(AgentEvent.Completion.class).isEmpty(), "no completion after a cancel");
                assertEquals(turn, h.requestBodies().size(), "no model call after the cancel");
            }
        }
    }

    @Test
    void cancellingMidToolKillsTheCommandsProcessTree() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("execute_command", "command",
                        "(sleep 30; echo late > late.txt) & echo $! > child.pid; wait", "requires_approval", false));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.host.approvals.add(true); // the command writes its pid to a file, so it asks; approved, it runs
            AtomicReference<RunHandle> handle = new AtomicReference<>();
            CompletableFuture<Void> running = new CompletableFuture<>();
            handle.set(h.agent.run(RunRequest.of("Run it"), event -> {
                h.events.add(event);
                if (event instanceof AgentEvent.ToolCall) {
                    running.complete(null);
                }
            }));
            running.get(10, TimeUnit.SECONDS);
            Path pidFile = h.root.resolve("child.pid");
            for (int i = 0; i < 500 && (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()); i++) {
                Thread.sleep(10);
            }
            long pid = Long.parseLong(Files.readString(pidFile).strip());
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the child runs");
            handle.get().cancel();
            RunOutcome outcome = handle.get().outcome().get(15, TimeUnit.SECONDS);

            h.assertWellFormed();
            assertEquals(RunStatus.CANCELLED, outcome.status());
            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertTrue(result.text().startsWith("execute_command: cancelled;"), result.text());
            for (int i = 0; i < 300 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false); i++) {
                Thread.sleep(10);
            }
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the child was killed");
            assertFalse(Files.exists(h.root.resolve("late.txt")));
            assertEquals(1, h.requestBodies().size(), "no model call after the cancel");
        }
    }

    @Test
    void cancellingWhileAQuestionWaitsForTheUserEndsTheRun() throws Exception {
        ModelScript script = new ModelScript(Provider.ANTHROPIC, ToolMode.NATIVE)
                .calls("", call("ask_followup_question", "question", "Which greeting?"));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.host.hangOnQuestions = true;
            RunHandle run = h.start(RunRequest.of("Change the greeting"));
            h.host.questionWaiting.get(10, TimeUnit.SECONDS);
            run.cancel();
            RunOutcome outcome = run.outcome().get(10, TimeUnit.SECONDS);

            h.assertWellFormed();
            assertEquals(RunStatus.CANCELLED, outcome.status());
            assertEquals(List.of("run_started", "token_usage", "tool_call", "question_asked", "tool_result",
                    "run_finished"), h.types());
        }
    }

    @Test
    void cancellingWhileAnApprovalOrAQuestionWaitsWithdrawsItFromTheHostSayingTheRunWasCancelled() throws Exception {
        for (ModelScript script : List.of(
                new ModelScript(Provider.OPENAI, ToolMode.NATIVE).calls("", call("ask_followup_question",
                        "question", "Which greeting?")),
                new ModelScript(Provider.OPENAI, ToolMode.NATIVE).calls("", call("execute_command",
                        "command", "echo hi", "requires_approval", true)))) {
            try (AgentHarness h = new AgentHarness(temp.resolve("run" + System.nanoTime()), script)) {
                h.host.hangOnQuestions = true;
                RunHandle run = h.start(RunRequest.of("Ask first"));
                h.host.questionWaiting.get(10, TimeUnit.SECONDS);
                CompletableFuture<?> asked = h.host.hanging.get(0);
                assertFalse(asked.isDone());

                run.cancel();

                assertEquals(RunStatus.CANCELLED, run.outcome().get(10, TimeUnit.SECONDS).status());
                assertTrue(asked.isCancelled(), "a withdrawal is a cancellation to a host that knows no more");
                assertEquals("the run was cancelled", assertThrows(QuestionWithdrawn.class, asked::join).reason());
            }
        }
    }

    @Test
    void cancellingBetweenStepsMakesNoFurtherCallAndLeavesTheEditWhole() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.XML)
                .calls("", call("replace_in_file", "target_file", DirectRunTest.GREETER, "diff", DirectRunTest.FIX),
                        call("write_to_file", "target_file", "NOTES.md", "content", "notes\n"));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            AtomicReference<RunHandle> handle = new AtomicReference<>();
            handle.set(h.agent.run(RunRequest.of("Strip names"), event -> {
                h.events.add(event);
                if (event instanceof AgentEvent.EditApplied) {
                    handle.get().cancel();
                }
            }));
            while (handle.get() == null) {
                Thread.onSpinWait();
            }
            RunOutcome outcome = handle.get().outcome().get(10, TimeUnit.SECONDS);

            h.assertWellFormed();
            assertEquals(RunStatus.CANCELLED, outcome.status());
            assertTrue(h.file(DirectRunTest.GREETER).contains("name.strip()"), "the applied edit is whole");
            assertFalse(Files.exists(h.root.resolve("NOTES.md")), "the next call did not start");
            assertEquals("write_to_file: not run: the run was cancelled",
                    h.all(AgentEvent.ToolResult.class).get(1).text());
            assertEquals(1, h.requestBodies().size());
        }
    }
}
