package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls undo} and {@code agentls rollback} after a real {@code agentls run}: every command is a child JVM
 * over OS pipes, the model a scripted server on loopback, the checkpoints what the run's process left on disk.
 */
@Tag("slow")
class UndoCommandTest {

    private static final String GREETER = "src/main/java/demo/Greeter.java";
    private static final String FIX = """
            ------- SEARCH
                    return greeting + ", " + name + "!";
            =======
                    return greeting + ", " + name.strip() + "!";
            +++++++ REPLACE""";

    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<ReplayServer> servers = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (ReplayServer server : servers) {
            server.close();
        }
        threads.shutdownNow();
    }

    private record Result(int status, String out, String err) {}

    @Test
    void undoRestoresTheRunsFilesByteForByteAndNamesThem() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);

        Result run = agentls(root, "run", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m", "--prompt", "Strip names");
        assertEquals(0, run.status, run.err);
        assertTrue(Files.readString(greeter).contains("name.strip()"));
        assertTrue(run.out.contains("agentls undo 1"), run.out);

        Result undo = agentls(root, "undo");
        assertEquals(0, undo.status, undo.err);
        assertTrue(undo.out.contains("undid run 1"), undo.out);
        assertTrue(undo.out.contains(GREETER), undo.out);
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    @Test
    void undoIsRefusedAfterTheUserEditedTheFileAndChangesNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        assertEquals(0, agentls(root, "run", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m", "--prompt", "Strip names").status);
        Files.writeString(greeter, Files.readString(greeter) + "// mine\n", StandardCharsets.UTF_8);
        byte[] edited = Files.readAllBytes(greeter);

        Result undo = agentls(root, "undo", "1");

        assertEquals(1, undo.status, undo.out);
        assertTrue(undo.err.contains("'" + GREETER + "' changed since run 1"), undo.err);
        assertTrue(undo.err.contains("nothing was changed"), undo.err);
        assertArrayEquals(edited, Files.readAllBytes(greeter));
        Result rollback = agentls(root, "rollback", "cp-1");
        assertEquals(1, rollback.status, rollback.out);
        assertTrue(rollback.err.contains("changed since run 1"), rollback.err);
        assertArrayEquals(edited, Files.readAllBytes(greeter));
    }

    @Test
    void rollbackByCheckpointIdRestoresTheFilesChangedSinceIt() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);
        Result run = agentls(root, "run", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m", "--prompt", "Strip names");
        assertTrue(run.out.contains("(checkpoint cp-1)"), run.out);

        Result rollback = agentls(root, "rollback", "cp-1");

        assertEquals(0, rollback.status, rollback.err);
        assertTrue(rollback.out.contains("rolled back to cp-1"), rollback.out);
        assertTrue(rollback.out.contains(GREETER), rollback.out);
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    @Test
    void refusesAnUnknownRunOrCheckpointNamingTheKnownOnes() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Result nothing = agentls(root, "undo");
        Result unknownRun = agentls(root, "undo", "7");
        Result unknownCheckpoint = agentls(root, "rollback", "cp-99");
        Result missing = agentls(root, "rollback");

        assertEquals(1, nothing.status);
        assertTrue(nothing.err.contains("no run has changed files here"), nothing.err);
        assertEquals(1, unknownRun.status);
        assertTrue(unknownRun.err.contains("there is no run '7' that changed files; runs that did: none"),
                unknownRun.err);
        assertEquals(1, unknownCheckpoint.status);
        assertTrue(unknownCheckpoint.err.contains("there is no checkpoint 'cp-99'; known: none"),
                unknownCheckpoint.err);
        assertEquals(2, missing.status);
        assertTrue(missing.err.contains("rollback takes one checkpoint id"), missing.err);
        assertFalse(Files.exists(root.resolve(".agentls/checkpoints")));
    }

    @Test
    void undoInChatPutsBackTheFilesOfTheChatsLastRequest() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);

        Result chat = agentlsWithInput(root, "Strip names\n/undo\n/undo\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(stripsNames()), "--model", "m");

        assertEquals(0, chat.status, chat.err);
        assertTrue(chat.err.contains("/undo puts back the files this request changed"), chat.err);
        assertTrue(chat.err.contains("undid run 1: restored 1 file"), chat.err);
        assertTrue(chat.err.contains("nothing to undo: no request of this chat has changed files"), chat.err);
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    private static OpenAiScript stripsNames() {
        return new OpenAiScript()
                .answer("Reading it.", "read_file", arguments("target_file", GREETER))
                .answer("", "replace_in_file", arguments("target_file", GREETER, "diff", FIX))
                .answer("", "attempt_completion", arguments("result", "Names are stripped."));
    }

    private Result agentls(Path cwd, String... args) throws Exception {
        return agentlsWithInput(cwd, "", args);
    }

    private Result agentlsWithInput(Path cwd, String input, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "dev.agentls.cli.Main"));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(temp, "stdout", ".txt");
        Path err = Files.createTempFile(temp, "stderr", ".txt");
        Path in = Files.writeString(Files.createTempFile(temp, "stdin", ".txt"), input);
        Process process = new ProcessBuilder(command).directory(cwd.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(in.toFile())
                .start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "agentls " + String.join(" ", args) + " ended");
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private String serve(OpenAiScript script) throws Exception {
        ReplayServer server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        servers.add(server);
        return server.baseUrl() + "/v1";
    }
}
