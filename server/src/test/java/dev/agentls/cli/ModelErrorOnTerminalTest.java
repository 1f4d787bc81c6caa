package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model call that fails on the terminal: shown once, with the address tried and a hint for the usual set-up
 * mistakes; the log records go to the log file, not the terminal. A base URL without {@code /v1} answers the chat
 * call with the server's own HTML 404 page (nginx's, in https://github.com/tsundereraws/aisub-translator/issues/2;
 * "adding /v1 fixed it" in https://github.com/OpenHands/OpenHands/issues/485).
 */
@Tag("slow")
class ModelErrorOnTerminalTest {

    private static final String PAGE = "<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>";

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void anHtml404IsShownOnceWithTheAddressAndTheMissingV1HintAndLogsGoToTheFile() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        AtomicInteger calls = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            calls.incrementAndGet();
            byte[] body = PAGE.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            Ended ended = agents.agentls("run", "--workspace", root.toString(), "-p", "say hello", "--base-url", base,
                    "--model", "m").jvm("-XX:TieredStopAtLevel=1").env("XDG_STATE_HOME", temp.resolve("state")
                    .toString()).input("").start().finish(Duration.ofSeconds(120));
            String stdout = ended.stdout();
            String stderr = ended.stderr();
            assertEquals(1, ended.status(), stdout + stderr);
            assertTrue(calls.get() >= 1);

            assertEquals(1, stdout.split("404 Not Found</h1>", -1).length - 1, "the page once: " + stdout);
            assertTrue(stdout.contains("tried: " + base + "/chat/completions"), stdout);
            assertTrue(stdout.contains("is /v1 missing from the base URL?"), stdout);
            assertTrue(stdout.contains("run finished: failed") && stdout.contains("(the error above)"), stdout);

            assertFalse(stderr.contains("INFO:") || stderr.contains("dev.agentls.llm") || stderr.contains("SLF4J"),
                    "log lines on the terminal: " + stderr);
            Path log = temp.resolve("state/agentls/agentls.log");
            assertTrue(Files.readString(log).contains("HTTP 404"), "the log file holds the record");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void eachCommonMistakeGetsItsHint() {
        ModelErrorHint hint = new ModelErrorHint("https://api.openai.com/v1", "OPENAI_API_KEY");
        assertEquals(List.of("  tried: https://api.openai.com/v1/chat/completions",
                        "  hint: the key was refused: check the variable OPENAI_API_KEY (set, current, for this"
                                + " provider)"),
                hint.lines("the model call failed: the provider rejected the request (HTTP 401): bad key"));
        assertTrue(new ModelErrorHint("http://localhost:8080/v1", "K")
                .lines("the model call failed: java.net.ConnectException: Connection refused").get(1)
                .contains("is the server running"));
        assertEquals(List.of(), hint.lines("the workspace is not a folder"), "not a model failure: no hint");
        assertEquals(List.of("  tried: https://api.anthropic.com/v1/v1/messages", "  hint: the server answered with"
                        + " 404 Not Found: drop /v1 from the base URL (the call adds /v1/messages)"),
                new ModelErrorHint("https://api.anthropic.com/v1", "ANTHROPIC_API_KEY", true)
                        .lines("the model call failed: the provider rejected the request (HTTP 404): not found"));
    }

    @Test
    void theSameErrorFromSeveralLayersIsShownOnce() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LiveView view = new LiveView(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        String message = "the model call failed: the provider rejected the request (HTTP 500): boom";
        view.onEvent(new dev.agentls.agent.AgentEvent.Error("1", 1, message));
        view.onEvent(new dev.agentls.agent.AgentEvent.Error("1", 2, message));
        view.onEvent(new dev.agentls.agent.AgentEvent.RunFinished("1", 3, dev.agentls.agent.RunStatus.FAILED,
                message));
        String shown = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(1, shown.split("HTTP 500", -1).length - 1, shown);
    }
}
