package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls chat} in a real terminal (tmux), started by the launcher from inside a git checkout, against a
 * scripted model on loopback: prompts in a loop on one conversation, the answer streamed, a command approved and
 * one declined at the terminal, Ctrl-C at a question, slash commands, Ctrl-D to end. Needs the built jar ({@code mvn
 * package}).
 */
@Tag("slow")
class ChatTerminalTest {

    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private ReplayServer server;
    private TmuxTerminal terminal;
    private Path root;

    @BeforeEach
    void checkout() throws Exception {
        Path repo = Path.of(System.getProperty("agentls.repoRoot", "..")).toAbsolutePath().normalize();
        needs(TmuxTerminal.available(), "tmux is needed for a real terminal");
        needs(Files.exists(repo.resolve("server/target/agentls.jar")), "the jar is built by mvn package");
        root = TestWorkspace.copy("demo", temp);
        Files.createDirectories(root.resolve(".git"));
    }

    @AfterEach
    void stop() throws Exception {
        if (terminal != null) {
            terminal.close();
        }
        if (server != null) {
            server.close();
        }
        threads.shutdownNow();
    }

    private void chat(OpenAiScript script, String... flags) throws Exception {
        server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        Path jar = Path.of(System.getProperty("agentls.repoRoot", "..")).toAbsolutePath().normalize()
                .resolve("server/target/agentls.jar");
        Path home = Files.createDirectories(temp.resolve("home"));
        terminal = TmuxTerminal.start(temp.resolve("tmux.sock"), root.resolve("src"), Map.of("HOME", home.toString(),
                "XDG_CONFIG_HOME", home.resolve(".config").toString(), "TERM", "xterm-256color"),
                "java -cp " + jar + " dev.agentls.cli.Main chat --base-url " + server.baseUrl() + "/v1 --model m "
                        + String.join(" ", flags));
        terminal.await(ChatCommand.PROMPT);
    }

    @Test
    void chatRunsEachPromptOnOneConversationAndAsksApprovalsAtTheTerminal() throws Exception {
        chat(new OpenAiScript()
                .answer("I will create the file.", "execute_command", arguments("command", "touch made-by-chat",
                        "requires_approval", "true"))
                .answer("", "attempt_completion", arguments("result", "Created made-by-chat."))
                .answer("", "execute_command", arguments("command", "touch second-file", "requires_approval",
                        "true"))
                .answer("", "attempt_completion", arguments("result", "Left it.")));
        terminal.type("create a file");
        terminal.key("Enter");
        terminal.await("[y/r/a/N]\n> ");
        assertTrue(terminal.screen().contains("I will create the file."), "the answer streamed before the question");
        terminal.type("y");
        terminal.key("Enter");
        terminal.await("Created made-by-chat.");
        terminal.await(ChatCommand.PROMPT, 2, Duration.ofSeconds(60));
        assertTrue(Files.exists(root.resolve("made-by-chat")), terminal.screen());

        terminal.type("and another");
        terminal.key("Enter");
        terminal.await("[y/r/a/N]\n> ", 2, Duration.ofSeconds(60));
        terminal.key("C-c");  // Ctrl-C at the question: answered no, the run is cancelled
        terminal.await(ChatCommand.PROMPT, 3, Duration.ofSeconds(60));
        assertFalse(Files.exists(root.resolve("second-file")), terminal.screen());
        assertTrue(server.requests().size() >= 3 && server.requests().get(2).body().contains("create a file"),
                "the second request goes on with the first conversation: " + terminal.screen());

        String afterInterrupt = terminal.screen();
        assertTrue(afterInterrupt.contains("the user declined to run `touch second-file`"), afterInterrupt);
        assertTrue(afterInterrupt.contains("run finished: cancelled"), afterInterrupt);
        terminal.type("/cots");
        terminal.key("Enter");
        terminal.await("did you mean /cost?");
        terminal.type("/cost");
        terminal.key("Enter");
        terminal.await(" tokens, ");
        terminal.key("C-d");
        terminal.await("[exit 0]");
    }

    @Test
    void historyRecallsTheLastPromptWithTheUpArrow() throws Exception {
        chat(new OpenAiScript()
                .answer("", "attempt_completion", arguments("result", "first done"))
                .answer("", "attempt_completion", arguments("result", "second done")), "--approve", "deny");
        terminal.type("say the word quince");
        terminal.key("Enter");
        terminal.await("first done");
        terminal.await(ChatCommand.PROMPT, 2, Duration.ofSeconds(60));
        terminal.key("Up");
        terminal.key("Enter");
        terminal.await("second done");
        assertTrue(server.requests().get(1).body().contains("say the word quince\"}]"),
                server.requests().get(1).body());
        terminal.type("/quit");
        terminal.key("Enter");
        terminal.await("[exit 0]");
    }

    /** Skips without what the test needs, except where scripts/test requires it (AGENTLS_REQUIRE_TERMINAL=1). */
    private static void needs(boolean present, String what) {
        if ("1".equals(System.getenv("AGENTLS_REQUIRE_TERMINAL"))) {
            org.junit.jupiter.api.Assertions.assertTrue(present, what);
        }
        assumeTrue(present, what);
    }
}
