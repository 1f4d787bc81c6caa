package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The choices of an approval at the terminal, answered on standard input as a person types them: y once, r for this
 * run, a always (the workspace's always-allow list), n with a reason the model reads.
 */
@Tag("slow")
class TerminalApprovalChoicesTest {

    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private ReplayServer server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        threads.shutdownNow();
    }

    private int run(Path root, String typed, OpenAiScript script) throws Exception {
        server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        RunCommand command = new RunCommand(new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)),
                new RunCommand.Terminal() {
                    @Override
                    public boolean interactive() {
                        return false;
                    }

                    @Override
                    public Runnable onInterrupt(Runnable cancel) {
                        return () -> { };
                    }
                });
        return command.run(new String[] {"--workspace", root.toString(), "--prompt", "Touch files", "--base-url",
                server.baseUrl() + "/v1", "--model", "m"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static OpenAiScript touching(String... files) {
        OpenAiScript script = new OpenAiScript();
        for (String file : files) {
            script.answer("", "execute_command", arguments("command", "touch " + file, "requires_approval", "true"));
        }
        return script.answer("Done.", new String[0]);
    }

    private String prompts() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void thePromptListsEveryChoice() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        assertEquals(0, run(root, "y\n", touching("once")), prompts());
        assertTrue(prompts().contains("Run this command?\ntouch once"), prompts());
        assertTrue(prompts().contains("y) yes, once   r) yes, for this run   a) always, in this workspace   n) no,"
                + " and say why\n[y/r/a/N]"), prompts());
        assertTrue(Files.exists(root.resolve("once")));
    }

    @Test
    void forThisRunAllowsTheSameCommandAgainWithoutAsking() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        assertEquals(0, run(root, "r\n", touching("again", "again")), prompts());
        assertEquals(1, prompts().split("Run this command\\?", -1).length - 1, "asked once: " + prompts());
        assertEquals(2, stdoutCount("[ok]     execute_command touch again"), out.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(root.resolve(AlwaysAllowed.FILE))
                && Files.readString(root.resolve(AlwaysAllowed.FILE)).contains("touch again"),
                "for this run is not remembered in the workspace");
    }

    @Test
    void alwaysRecordsTheCommandInTheWorkspacesAlwaysAllowList() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        assertEquals(0, run(root, "a\n", touching("kept")), prompts());
        assertTrue(Files.exists(root.resolve("kept")));
        assertTrue(Files.readString(root.resolve(AlwaysAllowed.FILE)).contains("touch kept"),
                "the command is in " + AlwaysAllowed.FILE);
        assertTrue(prompts().contains("Always allowed `touch kept`"), prompts());
    }

    @Test
    void noThenAReasonDeniesAndTheModelReadsTheReason() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        assertEquals(0, run(root, "n\nuse a scratch folder, not the root\n", touching("denied")), prompts());
        assertFalse(Files.exists(root.resolve("denied")));
        assertTrue(prompts().contains(TerminalHost.DENIAL_REASON), prompts());
        String next = server.requests().get(1).body();
        assertTrue(next.contains("the user declined to run `touch denied`"), next);
        assertTrue(next.contains("I denied `touch denied`: use a scratch folder, not the root"), next);
    }

    @Test
    void anAnswerThatIsNoChoiceDeniesWithoutAskingWhy() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        assertEquals(0, run(root, "maybe\n", touching("unsure")), prompts());
        assertFalse(Files.exists(root.resolve("unsure")));
        assertFalse(prompts().contains(TerminalHost.DENIAL_REASON), prompts());
        assertFalse(server.requests().get(1).body().contains("I denied"));
    }

    private int stdoutCount(String text) {
        return out.toString(StandardCharsets.UTF_8).split(java.util.regex.Pattern.quote(text), -1).length - 1;
    }

    @Test
    void aQuestionThatIsNoCommandOffersOnlyYesOrNoAndRemembersNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        TerminalHost.Prompter prompter = new TerminalHost.Prompter(new java.io.BufferedReader(new java.io.StringReader(
                "a\n")), new PrintStream(screen, true, StandardCharsets.UTF_8), threads);
        dev.agentls.workspace.DocumentStore documents = new dev.agentls.workspace.DocumentStore();
        ApprovingHost host = new ApprovingHost(new TerminalHost(documents, new dev.agentls.workspace.AtomicWriter(),
                prompter, new PrintStream(screen, true, StandardCharsets.UTF_8)), RunOptions.Approvals.ASK,
                new dev.agentls.session.ApprovalPolicy(dev.agentls.session.ApprovalPolicy.Mode.ASK,
                        new AlwaysAllowed(root)), "1", text -> { });
        boolean started = host.confirm("Start MCP server 'files' from .mcp.json?",
                "The project's .mcp.json asks to run: npx files-server").get(10, java.util.concurrent.TimeUnit.SECONDS);
        String shown = screen.toString(StandardCharsets.UTF_8);
        assertFalse(started, "a is no choice here: declined");
        assertTrue(shown.contains(TerminalHost.YES_NO_CHOICES + "\n[y/N]"), shown);
        assertFalse(shown.contains("r) yes, for this run"), shown);
        assertFalse(Files.exists(root.resolve(AlwaysAllowed.FILE)), "nothing remembered");
    }
}
