package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The child-process fixture the process tests stand on: a child past its bound is killed with every process it
 * started, a failure names the command and shows the child's stderr, and the packaged launcher starts as a user's.
 */
@Tag("slow")
class AgentProcessesTest {

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void aRunPastItsBoundIsKilledWithTheCommandItStartedAndTheFailureNamesIt() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String base = agents.openAiBase(new OpenAiScript().answer("", "execute_command", arguments("command",
                "sleep 300 & echo $! > child.pid; wait", "requires_approval", "false")).transcript());
        AgentProcess run = agents.agentls("run", "--workspace", root.toString(), "--prompt", "Wait", "--approve",
                "all", "--base-url", base, "--model", "m").start();
        Path pidFile = root.resolve("child.pid");
        // The command has started its child once the file is there; a run that ends before fails this wait.
        run.awaitStderr(shown -> pidFile.toFile().length() > 0, Duration.ofSeconds(60));

        AssertionError failed = assertThrows(AssertionError.class, () -> run.finish(Duration.ofMillis(500)));

        assertTrue(failed.getMessage().startsWith("agentls run --workspace " + root + " --prompt Wait"),
                failed.getMessage());
        assertTrue(failed.getMessage().contains("did not end within 500 ms; stderr:\n"), failed.getMessage());
        long sleeper = Long.parseLong(Files.readString(pidFile).strip());
        ProcessHandle.of(sleeper).ifPresent(p -> p.onExit().completeOnTimeout(p, 10, TimeUnit.SECONDS).join());
        assertFalse(ProcessHandle.of(sleeper).map(ProcessHandle::isAlive).orElse(false), "the command's child died");
        assertFalse(run.isAlive());
    }

    @Test
    void thePackagedLauncherStartsTheBuiltAgentls() throws Exception {
        Ended undo = agents.launcher("undo").in(temp).input("").start().finish(Duration.ofSeconds(60));

        assertEquals(1, undo.status(), undo.stderr());
        assertTrue(undo.stderr().contains("no run has changed files here"), undo.stderr());
    }

    @Test
    void awaitingOutputOfAChildThatEndedFailsWithItsStatusAndStderr() throws Exception {
        AgentProcess undo = agents.agentls("undo").in(temp).input("").start();

        AssertionError failed = assertThrows(AssertionError.class, () -> undo.awaitStdout(
                shown -> shown.contains("never printed"), Duration.ofSeconds(60)));

        assertTrue(failed.getMessage().startsWith("agentls undo ended (status 1) before showing what was awaited on"
                + " stdout"), failed.getMessage());
        assertTrue(failed.getMessage().contains("no run has changed files here"), failed.getMessage());
        assertEquals(1, undo.finish(Duration.ofSeconds(10)).status());
    }

    @Test
    void aLauncherScriptStartsAgentlsOnTheTestClassesInTheChildrensHome() throws Exception {
        Path script = agents.launcherScript("-XX:TieredStopAtLevel=1");
        Process undo = new ProcessBuilder(script.toString(), "undo").directory(temp.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String stderr = new String(undo.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);

        assertTrue(undo.waitFor(60, TimeUnit.SECONDS), stderr);
        assertEquals(1, undo.exitValue(), stderr);
        assertTrue(stderr.contains("no run has changed files here"), stderr);
        assertTrue(Files.readString(script).contains("export HOME='" + agents.home() + "'"), Files.readString(script));
    }
}
