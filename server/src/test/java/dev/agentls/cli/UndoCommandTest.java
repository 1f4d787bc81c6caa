package dev.agentls.cli;

import static dev.agentls.cli.DemoGreeter.stripsNames;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls undo} and {@code agentls rollback} after a real {@code agentls run}: every command is a child JVM
 * over OS pipes, the model a scripted server on loopback, the checkpoints what the run's process left on disk.
 */
@Tag("slow")
class UndoCommandTest {

    private static final String GREETER = DemoGreeter.PATH;

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void undoRestoresTheRunsFilesByteForByteAndNamesThem() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);

        Ended run = agentls(root, "run", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m", "--prompt", "Strip names");
        assertEquals(0, run.status(), run.stderr());
        assertTrue(Files.readString(greeter).contains("name.strip()"));
        assertTrue(run.stdout().contains("agentls undo 1"), run.stdout());

        Ended undo = agentls(root, "undo");
        assertEquals(0, undo.status(), undo.stderr());
        assertTrue(undo.stdout().contains("undid run 1"), undo.stdout());
        assertTrue(undo.stdout().contains(GREETER), undo.stdout());
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    @Test
    void undoIsRefusedAfterTheUserEditedTheFileAndChangesNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        assertEquals(0, agentls(root, "run", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m", "--prompt", "Strip names").status());
        Files.writeString(greeter, Files.readString(greeter) + "// mine\n", StandardCharsets.UTF_8);
        byte[] edited = Files.readAllBytes(greeter);

        Ended undo = agentls(root, "undo", "1");

        assertEquals(1, undo.status(), undo.stdout());
        assertTrue(undo.stderr().contains("'" + GREETER + "' changed since run 1"), undo.stderr());
        assertTrue(undo.stderr().contains("nothing was changed"), undo.stderr());
        assertArrayEquals(edited, Files.readAllBytes(greeter));
        Ended rollback = agentls(root, "rollback", "cp-1");
        assertEquals(1, rollback.status(), rollback.stdout());
        assertTrue(rollback.stderr().contains("changed since run 1"), rollback.stderr());
        assertArrayEquals(edited, Files.readAllBytes(greeter));
    }

    @Test
    void rollbackByCheckpointIdRestoresTheFilesChangedSinceIt() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);
        Ended run = agentls(root, "run", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m", "--prompt", "Strip names");
        assertTrue(run.stdout().contains("(checkpoint cp-1)"), run.stdout());

        Ended rollback = agentls(root, "rollback", "cp-1");

        assertEquals(0, rollback.status(), rollback.stderr());
        assertTrue(rollback.stdout().contains("rolled back to cp-1"), rollback.stdout());
        assertTrue(rollback.stdout().contains(GREETER), rollback.stdout());
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    @Test
    void refusesAnUnknownRunOrCheckpointNamingTheKnownOnes() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Ended nothing = agentls(root, "undo");
        Ended unknownRun = agentls(root, "undo", "7");
        Ended unknownCheckpoint = agentls(root, "rollback", "cp-99");
        Ended missing = agentls(root, "rollback");

        assertEquals(1, nothing.status());
        assertTrue(nothing.stderr().contains("no run has changed files here"), nothing.stderr());
        assertEquals(1, unknownRun.status());
        assertTrue(unknownRun.stderr().contains("there is no run '7' that changed files; runs that did: none"),
                unknownRun.stderr());
        assertEquals(1, unknownCheckpoint.status());
        assertTrue(unknownCheckpoint.stderr().contains("there is no checkpoint 'cp-99'; known: none"),
                unknownCheckpoint.stderr());
        assertEquals(2, missing.status());
        assertTrue(missing.stderr().contains("rollback takes one checkpoint id"), missing.stderr());
        assertFalse(Files.exists(root.resolve(".agentls/checkpoints")));
    }

    @Test
    void undoInChatPutsBackTheFilesOfTheChatsLastRequest() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);

        Ended chat = agentlsWithInput(root, "Strip names\n/undo\n/undo\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(stripsNames()), "--model", "m");

        assertEquals(0, chat.status(), chat.stderr());
        assertTrue(chat.stderr().contains("/undo puts back the files this request changed"), chat.stderr());
        assertTrue(chat.stderr().contains("undid run 1: restored 1 file"), chat.stderr());
        assertTrue(chat.stderr().contains("nothing to undo: no request of this chat has changed files"), chat.stderr());
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    private Ended agentls(Path cwd, String... args) throws Exception {
        return agentlsWithInput(cwd, "", args);
    }

    private Ended agentlsWithInput(Path cwd, String input, String... args) throws Exception {
        return agents.agentls(args).in(cwd).input(input).start().finish(Duration.ofSeconds(60));
    }

    private String serve(OpenAiScript script) throws Exception {
        return agents.openAiBase(script.transcript());
    }
}
