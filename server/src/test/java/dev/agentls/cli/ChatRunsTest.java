package dev.agentls.cli;

import static dev.agentls.cli.DemoGreeter.stripsNames;
import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls chat}'s requests are runs of the session core, as {@code agentls run}'s are: numbered after the
 * workspace's transcripts, each with its transcript, diff and undo record under {@code .agentls/runs/}, its changes
 * shown as diffs, approvals under the workspace's policy, one run at a time per conversation across processes. Every
 * command is a child JVM whose standard input is a pipe (not a terminal); the model a scripted server on
 * loopback.
 */
@Tag("slow")
class ChatRunsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final String GREETER = DemoGreeter.PATH;
    private static final String STRIPPED = "+        return greeting + \", \" + name.strip() + \"!\";";

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void eachChatRequestWritesItsTranscriptAndDiffNumberedAfterTheWorkspacesRuns() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Ended run = agentls(root, "", "run", "--workspace", root.toString(), "--base-url",
                serve(new OpenAiScript().answer("Hello.")), "--model", "m", "--prompt", "Say hello");
        assertEquals(0, run.status(), run.stderr());

        Ended chat = agentls(root, "Strip names\nAnything else?\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(stripsNames().answer("Nothing more.")), "--model", "m");

        assertEquals(0, chat.status(), chat.stderr());
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
        assertTrue(chat.stderr().contains("agentls undo 2"), chat.stderr());
    }

    @Test
    void chatShowsTheDiffOfEachAppliedChange() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Ended chat = agentls(root, "Strip names\n", "chat", "--workspace", root.toString(), "--base-url",
                serve(stripsNames()), "--model", "m");

        assertEquals(0, chat.status(), chat.stderr());
        assertTrue(chat.stdout().contains("--- a/" + GREETER + "\n+++ b/" + GREETER + "\n"), chat.stdout());
        assertTrue(chat.stdout().contains("-        return greeting + \", \" + name + \"!\";\n" + STRIPPED + "\n"),
                chat.stdout());
    }

    @Test
    void agentlsUndoAfterAChatRestoresTheFilesOfItsRequest() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        byte[] before = Files.readAllBytes(greeter);
        Ended chat = agentls(root, "Strip names\n", "chat", "--workspace", root.toString(), "--base-url",
                serve(stripsNames()), "--model", "m");
        assertEquals(0, chat.status(), chat.stderr());
        assertTrue(Files.readString(greeter).contains("name.strip()"));

        Ended undo = agentls(root, "", "undo");

        assertEquals(0, undo.status(), undo.stderr());
        assertTrue(undo.stdout().contains("undid run 1") && undo.stdout().contains(GREETER), undo.stdout());
        assertArrayEquals(before, Files.readAllBytes(greeter));
    }

    @Test
    void chatUndoReadsTheRequestsRecordOnDiskAndRefusesADamagedOneChangingNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Path greeter = root.resolve(GREETER);
        AgentProcess chat = start(root, "chat", "--workspace", root.toString(), "--base-url", serve(stripsNames()),
                "--model", "m");
        chat.type("Strip names\n");
        chat.awaitStderr(text -> text.contains("/undo puts back the files this request changed"), BOUND);
        byte[] stripped = Files.readAllBytes(greeter);
        Files.writeString(root.resolve(".agentls/runs/1.undo"), "not a record\n");

        chat.type("/undo\n");
        chat.closeInput();

        String err = chat.finish(BOUND).stderr();
        assertTrue(err.contains("agentls chat: refused: .agentls/runs/1.undo is not an undo record"), err);
        assertArrayEquals(stripped, Files.readAllBytes(greeter), "nothing was changed");
    }

    @Test
    void aChatRequestOnAConversationAnotherProcessIsRunningIsRefusedAndAsksTheModelNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Ended first = agentls(root, "", "run", "--workspace", root.toString(), "--json", "--base-url",
                serve(new OpenAiScript().answer("Hello.")), "--model", "m", "--prompt", "Start");
        assertEquals(0, first.status(), first.stderr());
        String conversation = JSON.readTree(first.stdout().lines().findFirst().orElseThrow()).get("conversationId")
                .asText();
        AgentProcess busy = start(root, "run", "--workspace", root.toString(), "--json", "--approve", "ask",
                "--base-url", serve(new OpenAiScript()
                        .answer("", "ask_followup_question", arguments("question", "Which greeting?"))
                        .answer("", "attempt_completion", arguments("result", "Greeted."))), "--model", "m",
                "--prompt", "Greet", "--conversation", conversation);
        busy.awaitStderr(text -> text.contains("Which greeting?"), BOUND);
        ReplayServer unused = agents.model(new OpenAiScript().answer("Interleaved.").transcript());

        Ended chat = agentls(root, "Interleave\n", "chat", "--workspace", root.toString(), "--base-url",
                unused.baseUrl() + "/v1", "--model", "m", "--conversation", conversation);

        assertEquals(0, chat.status(), chat.stderr());
        assertTrue(chat.stderr().contains("agentls chat: refused: conversation '" + conversation + "' has a run under"
                + " way (in another process); cancel it or wait for its end"), chat.stderr());
        assertEquals(0, unused.requests().size(), "the refused request asked the model nothing");
        busy.type("Howdy\n");
        busy.closeInput();
        Ended busyEnded = busy.finish(BOUND);
        assertEquals(0, busyEnded.status(), busyEnded.stderr());
    }

    @Test
    void forThisRunInChatLastsOneRequestAndTheNextAsksAgain() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Ended chat = agentls(root, "List it\nr\nList it again\ny\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(listingTwice()), "--model", "m");

        assertEquals(0, chat.status(), chat.stderr());
        assertEquals(2, chat.stderr().split("Run this command\\?", -1).length - 1,
                "asked in each request: " + chat.stderr());
        assertFalse(Files.exists(root.resolve(AlwaysAllowed.FILE)), "nothing remembered in the workspace");
    }

    @Test
    void alwaysInChatIsRememberedInTheWorkspaceAndTheNextRequestIsNotAsked() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Ended chat = agentls(root, "List it\na\nList it again\n", "chat", "--workspace", root.toString(),
                "--base-url", serve(listingTwice()), "--model", "m");

        assertEquals(0, chat.status(), chat.stderr());
        assertEquals(1, chat.stderr().split("Run this command\\?", -1).length - 1, "asked once: " + chat.stderr());
        assertTrue(Files.readString(root.resolve(AlwaysAllowed.FILE)).contains("ls src"), "kept in the workspace");
        assertTrue(chat.stderr().contains("Allowed `ls src`: always allowed in " + AlwaysAllowed.FILE), chat.stderr());
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

    /** {@code agentls ARGS} in a child JVM in {@code cwd}, its whole standard input {@code input}, until it ends. */
    private Ended agentls(Path cwd, String input, String... args) throws Exception {
        return agents.agentls(args).in(cwd).input(input).start().finish(BOUND);
    }

    /** {@code agentls ARGS} in a child JVM in {@code cwd}, its standard input a pipe this test writes. */
    private AgentProcess start(Path cwd, String... args) throws Exception {
        return agents.agentls(args).in(cwd).start();
    }

    private String serve(OpenAiScript script) throws Exception {
        return agents.openAiBase(script.transcript());
    }
}
