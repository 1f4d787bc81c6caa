package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.tools.TestWorkspace;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls chat}'s requests are runs of the session core, as {@code agentls run}'s are: numbered after the
 * workspace's transcripts, each with its transcript, diff and undo record under {@code .agentls/runs/}, its changes
 * shown as diffs, approvals under the workspace's policy, one run at a time per conversation across processes. Every
 * command is a child JVM whose standard input is a pipe or a file (not a terminal); the model a scripted server on
 * loopback.
 */
@Tag("slow")
class ChatRunsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GREETER = "src/main/java/demo/Greeter.java";
    private static final String FIX = """
            ------- SEARCH
                    return greeting + ", " + name + "!";
            =======
                    return greeting + ", " + name.strip() + "!";
            +++++++ REPLACE""";
    private static final String STRIPPED = "+        return greeting + \", \" + name.strip() + \"!\";";

    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<ReplayServer> servers = new ArrayList<>();
    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        children.forEach(Process::destroyForcibly);
        for (ReplayServer server : servers) {
            server.close();
        }
        threads.shutdownNow();
    }

    private record Result(int status, String out, String err) {}

    @Test
    void eachChatRequestWritesItsTranscriptAndDiffNumberedAfterTheWorkspacesRuns() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Result run = agentls(root, "", "run", "--workspace", root.toString(), "--base-url",
                serve(new OpenAiScript().answer("Hello.")), "--model", "m", "--prompt", "Say hello");
        assertEquals(0, run.status, run.err);

        Result chat = agentls(root, "Strip names\nAnything else?\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(stripsNames().answer("Nothing more.")), "--model", "m");

        assertEquals(0, chat.status, chat.err);
        Path runs = root.resolve(".agentls/runs");
        assertTrue(Files.readString(runs.resolve("1.md")).contains("Say hello"), "agentls run's transcript");
        String second = Files.readString(runs.resolve("2.md"));
        assertTrue(second.contains("Strip names") && second.contains("replace_in_file"), second);
        String diff = Files.readString(runs.resolve("2.diff"));
        assertTrue(diff.contains("--- a/" + GREETER) && diff.contains(STRIPPED), diff);
        assertTrue(Files.readString(runs.resolve("3.md")).contains("Anything else?"));
        assertEquals("", Files.readString(runs.resolve("3.diff")), "a request that changed nothing: an empty diff");
        assertTrue(Files.exists(runs.resolve("2.undo")), "the changing request's undo record is on disk");
        assertFalse(Files.exists(runs.resolve("3.undo")));
        assertTrue(chat.err.contains("agentls undo 2"), chat.err);
    }

    @Test
    void chatShowsTheDiffOfEachAppliedChange() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Result chat = agentls(root, "Strip names\n", "chat", "--workspace", root.toString(), "--base-url",
                serve(stripsNames()), "--model", "m");

        assertEquals(0, chat.status, chat.err);
        assertTrue(chat.out.contains("--- a/" + GREETER + "\n+++ b/" + GREETER + "\n"), chat.out);
        assertTrue(chat.out.contains("-        return greeting + \", \" + name + \"!\";\n" + STRIPPED + "\n"),
                chat.out);
    }

    @Test
    void agentlsUndoAfterAChatRestoresTheFilesOfItsRequest() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);
        Result chat = agentls(root, "Strip names\n", "chat", "--workspace", root.toString(), "--base-url",
                serve(stripsNames()), "--model", "m");
        assertEquals(0, chat.status, chat.err);
        assertTrue(Files.readString(greeter).contains("name.strip()"));

        Result undo = agentls(root, "", "undo");

        assertEquals(0, undo.status, undo.err);
        assertTrue(undo.out.contains("undid run 1") && undo.out.contains(GREETER), undo.out);
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    @Test
    void chatUndoReadsTheRequestsRecordOnDiskAndRefusesADamagedOneChangingNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        Process chat = start(root, "chat", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m");
        OutputStream keyboard = chat.getOutputStream();
        type(keyboard, "Strip names\n");
        awaitStderr(chat, text -> text.contains("/undo puts back the files this request changed"));
        byte[] stripped = Files.readAllBytes(greeter);
        Files.writeString(root.resolve(".agentls/runs/1.undo"), "not a record\n");

        type(keyboard, "/undo\n");
        keyboard.close();

        assertTrue(chat.waitFor(60, TimeUnit.SECONDS), "agentls chat ended");
        String err = stderr(chat);
        assertTrue(err.contains("agentls chat: refused: .agentls/runs/1.undo is not an undo record"), err);
        assertArrayEquals(stripped, Files.readAllBytes(greeter), "nothing was changed");
    }

    @Test
    void aChatRequestOnAConversationAnotherProcessIsRunningIsRefusedAndAsksTheModelNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Result first = agentls(root, "", "run", "--workspace", root.toString(), "--json", "--base-url",
                serve(new OpenAiScript().answer("Hello.")), "--model", "m", "--prompt", "Start");
        assertEquals(0, first.status, first.err);
        String conversation = JSON.readTree(first.out.lines().findFirst().orElseThrow()).get("conversationId")
                .asText();
        Process busy = start(root, "run", "--workspace", root.toString(), "--json", "--approve", "ask",
                "--base-url", serve(new OpenAiScript()
                        .answer("", "ask_followup_question", arguments("question", "Which greeting?"))
                        .answer("", "attempt_completion", arguments("result", "Greeted."))), "--model", "m",
                "--prompt", "Greet", "--conversation", conversation);
        awaitStderr(busy, text -> text.contains("Which greeting?"));
        ReplayServer unused = ReplayServer.start(new OpenAiScript().answer("Interleaved.").transcript(), 0, threads,
                line -> { });
        servers.add(unused);

        Result chat = agentls(root, "Interleave\n", "chat", "--workspace", root.toString(), "--base-url",
                unused.baseUrl() + "/v1", "--model", "m", "--conversation", conversation);

        assertEquals(0, chat.status, chat.err);
        assertTrue(chat.err.contains("agentls chat: refused: conversation '" + conversation + "' has a run under"
                + " way (in another process); cancel it or wait for its end"), chat.err);
        assertEquals(0, unused.requests().size(), "the refused request asked the model nothing");
        type(busy.getOutputStream(), "Howdy\n");
        busy.getOutputStream().close();
        assertTrue(busy.waitFor(60, TimeUnit.SECONDS), "the busy run ended: " + stderr(busy));
        assertEquals(0, busy.exitValue(), stderr(busy));
    }

    @Test
    void forThisRunInChatLastsOneRequestAndTheNextAsksAgain() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Result chat = agentls(root, "List it\nr\nList it again\ny\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(listingTwice()), "--model", "m");

        assertEquals(0, chat.status, chat.err);
        assertEquals(2, chat.err.split("Run this command\\?", -1).length - 1, "asked in each request: " + chat.err);
        assertFalse(Files.exists(root.resolve(AlwaysAllowed.FILE)), "nothing remembered in the workspace");
    }

    @Test
    void alwaysInChatIsRememberedInTheWorkspaceAndTheNextRequestIsNotAsked() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Result chat = agentls(root, "List it\na\nList it again\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(listingTwice()), "--model", "m");

        assertEquals(0, chat.status, chat.err);
        assertEquals(1, chat.err.split("Run this command\\?", -1).length - 1, "asked once: " + chat.err);
        assertTrue(Files.readString(root.resolve(AlwaysAllowed.FILE)).contains("ls src"), "kept in the workspace");
        assertTrue(chat.err.contains("Allowed `ls src`: always allowed in " + AlwaysAllowed.FILE), chat.err);
    }

    private static OpenAiScript stripsNames() {
        return new OpenAiScript()
                .answer("Reading it.", "read_file", arguments("target_file", GREETER))
                .answer("", "replace_in_file", arguments("target_file", GREETER, "diff", FIX))
                .answer("", "attempt_completion", arguments("result", "Names are stripped."));
    }

    /**
     * Two requests, each running the same command the model asks approval for (a read-only one: the workspace's
     * always-allow list is honoured only where the safety check found nothing).
     */
    private static OpenAiScript listingTwice() {
        return new OpenAiScript()
                .answer("", "execute_command", arguments("command", "ls src", "requires_approval", "true"))
                .answer("Listed.", new String[0])
                .answer("", "execute_command", arguments("command", "ls src", "requires_approval", "true"))
                .answer("Listed again.", new String[0]);
    }

    private static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "dev.agentls.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** {@code agentls ARGS} in a child JVM, its standard input the file of {@code input}, until it ends. */
    private Result agentls(Path cwd, String input, String... args) throws Exception {
        Path out = Files.createTempFile(temp, "stdout", ".txt");
        Path err = Files.createTempFile(temp, "stderr", ".txt");
        Path in = Files.writeString(Files.createTempFile(temp, "stdin", ".txt"), input);
        Process process = new ProcessBuilder(command(args)).directory(cwd.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).redirectInput(in.toFile()).start();
        children.add(process);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "agentls " + String.join(" ", args) + " ended");
        return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** {@code agentls ARGS} in a child JVM whose standard input is a pipe this test writes; stderr kept in a file. */
    private Process start(Path cwd, String... args) throws Exception {
        Path err = Files.createTempFile(temp, "stderr", ".txt");
        Process process = new ProcessBuilder(command(args)).directory(cwd.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        children.add(process);
        stderrFiles.put(process, err);
        return process;
    }

    private final java.util.Map<Process, Path> stderrFiles = new java.util.concurrent.ConcurrentHashMap<>();

    private String stderr(Process process) throws Exception {
        return Files.readString(stderrFiles.get(process));
    }

    private void awaitStderr(Process process, Predicate<String> expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!expected.test(stderr(process))) {
            assertTrue(process.isAlive(), "ended early: " + stderr(process));
            assertTrue(System.nanoTime() < deadline, "never shown as expected: " + stderr(process));
            Thread.sleep(20);
        }
    }

    private static void type(OutputStream keyboard, String text) throws Exception {
        keyboard.write(text.getBytes(StandardCharsets.UTF_8));
        keyboard.flush();
    }

    private String serve(OpenAiScript script) throws Exception {
        ReplayServer server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        servers.add(server);
        return server.baseUrl() + "/v1";
    }
}
