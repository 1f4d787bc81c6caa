package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cancels runs at seeded random moments (while streaming, in a tool, between steps, after the end) and checks what
 * must hold whenever it lands: the run ends within seconds with one {@code run_finished}, and every file is as it was
 * at a tool boundary (the original, or the whole edit), never half-written.
 */
@Tag("slow")
class RandomCancellationTest {

    private static final long SEED = 20261124L;
    private static final int RUNS = 12;

    @TempDir
    Path temp;

    @Test
    void aCancelAtAnyMomentEndsTheRunOnceAndLeavesEveryFileAtAToolBoundary() throws Exception {
        Random random = new Random(SEED);
        for (int i = 0; i < RUNS; i++) {
            Provider provider = random.nextBoolean() ? Provider.OPENAI : Provider.ANTHROPIC;
            ToolMode mode = random.nextBoolean() ? ToolMode.NATIVE : ToolMode.XML;
            long cancelAfter = random.nextInt(1_200);
            ModelScript script = new ModelScript(provider, mode)
                    .calls("Reading first. ", call("read_file", "target_file", DirectRunTest.GREETER))
                    .calls("", call("replace_in_file", "target_file", DirectRunTest.GREETER, "diff",
                            DirectRunTest.FIX))
                    .calls("", call("execute_command", "command", "sleep 0.3; echo ok", "requires_approval", false))
                    .calls("", call("write_to_file", "target_file", "NOTES.md", "content", "notes"))
                    .calls("", call("attempt_completion", "result", "Done."));
            Path dir = Files.createDirectories(temp.resolve("run-" + i));
            try (AgentHarness h = new AgentHarness(dir, script)) {
                String original = h.file(DirectRunTest.GREETER);
                RunHandle run = h.start(RunRequest.of("Strip names and write notes"));
                Thread.sleep(cancelAfter);
                run.cancel();
                RunOutcome outcome = run.outcome().get(20, TimeUnit.SECONDS);
                String where = "run " + i + " (" + provider + ", " + mode + ", cancelled after " + cancelAfter
                        + " ms): " + h.types();

                h.assertWellFormed();
                assertTrue(Set.of(RunStatus.CANCELLED, RunStatus.COMPLETED).contains(outcome.status()), where);
                String greeter = h.file(DirectRunTest.GREETER);
                assertTrue(greeter.equals(original) || greeter.equals(original.replace("name + \"!\"",
                        "name.strip() + \"!\"")), where + "\n" + greeter);
                Path notes = h.root.resolve("NOTES.md");
                assertTrue(!Files.exists(notes) || Files.readString(notes).equals("notes"), where);
                if (outcome.status() == RunStatus.COMPLETED) {
                    assertEquals("notes", Files.readString(notes), where);
                }
            }
        }
    }
}
