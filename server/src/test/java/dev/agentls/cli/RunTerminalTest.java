package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.tools.TestWorkspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} in a real terminal (tmux) against a scripted model on loopback: the answer streamed, the spinner
 * kept off the approval prompt and what is typed at it, a denial with its reason, "always", the end with its time.
 * Needs the built jar ({@code mvn package}).
 */
@Tag("slow")
class RunTerminalTest {

    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private ReplayServer server;
    private TmuxTerminal terminal;
    private Path root;
    private Path jar;

    @BeforeEach
    void checkout() throws Exception {
        Path repo = Path.of(System.getProperty("agentls.repoRoot", "..")).toAbsolutePath().normalize();
        jar = repo.resolve("server/target/agentls.jar");
        needs(TmuxTerminal.available(), "tmux is needed for a real terminal");
        needs(Files.exists(jar), "the jar is built by mvn package");
        root = TestWorkspace.copy("demo", temp.resolve("ws"));
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

    @Test
    void aDenialWithAReasonAndAnAlwaysAtTheTerminalWithNoSpinnerOverThePrompt() throws Exception {
        server = ReplayServer.start(new OpenAiScript()
                .answer("I will make the file.", "execute_command", arguments("command", "touch denied",
                        "requires_approval", "true"))
                .answer("", "execute_command", arguments("command", "touch kept", "requires_approval", "true"))
                .answer("Both asked.", new String[0]).transcript(), 0, threads, line -> { });
        Path home = Files.createDirectories(temp.resolve("home"));
        terminal = TmuxTerminal.start(temp.resolve("tmux.sock"), root, Map.of("HOME", home.toString(),
                "XDG_STATE_HOME", home.resolve("state").toString(), "TERM", "xterm-256color"),
                "java -cp " + jar + " dev.agentls.cli.Main run --base-url " + server.baseUrl() + "/v1 --model m"
                        + " 'make two files'");
        terminal.await("[y/r/a/N]\n> ");
        assertTrue(terminal.screen().contains("I will make the file."), "the answer streamed before the question");
        terminal.type("n");
        // What is typed stays on screen: a spinner redrawing the line would erase it.
        String typed = terminal.await("[y/r/a/N]\n> n");
        assertFalse(typed.contains("waiting for the model") || typed.contains("running execute_command"),
                "no spinner over the question: " + typed);
        terminal.key("Enter");
        terminal.await(TerminalHost.DENIAL_REASON + "\n> ");
        terminal.type("not in the root");
        terminal.key("Enter");
        terminal.await("[y/r/a/N]\n> ", 2, java.time.Duration.ofSeconds(60));
        terminal.type("a");
        terminal.key("Enter");
        String end = terminal.await("[exit 0]");
        assertTrue(end.contains("run finished: completed after 3 model call(s)"), end);
        assertTrue(end.matches("(?s).*run finished: completed after 3 model call\\(s\\), \\d+ tokens.*,"
                + " \\d+\\.\\ds\n.*"), "the end says how long it took: " + end);
        assertFalse(Files.exists(root.resolve("denied")), end);
        assertTrue(Files.exists(root.resolve("kept")), end);
        assertTrue(server.requests().get(1).body().contains("I denied `touch denied`: not in the root"));
        assertTrue(Files.readString(root.resolve(AlwaysAllowed.FILE)).contains("touch kept"));
    }

    /** Skips without what the test needs, except where scripts/test requires it (AGENTLS_REQUIRE_TERMINAL=1). */
    private static void needs(boolean present, String what) {
        if ("1".equals(System.getenv("AGENTLS_REQUIRE_TERMINAL"))) {
            org.junit.jupiter.api.Assertions.assertTrue(present, what);
        }
        assumeTrue(present, what);
    }
}
