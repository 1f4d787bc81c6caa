package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The live view of whole runs: the answer shown while the model still streams it, edits as diffs, command output. */
@Tag("slow")
class LiveViewRunTest {

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private static String chunk(String json) {
        return "data: " + json + "\n\n";
    }

    @Test
    void theFirstWordsOfTheAnswerAreShownWhileTheModelIsStillStreaming() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        CountDownLatch seen = new CountDownLatch(1);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                body.readAllBytes();
            }
            exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write(chunk("{\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"First words"
                    + " streamed\"}}]}").getBytes(StandardCharsets.UTF_8));
            out.flush();
            try {
                // The rest comes only once the test saw the first words on the terminal.
                seen.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.write((chunk("{\"choices\":[{\"index\":0,\"delta\":{\"content\":\", then the rest.\"},"
                    + "\"finish_reason\":\"stop\"}]}") + "data: [DONE]\n\n").getBytes(StandardCharsets.UTF_8));
            exchange.close();
        });
        server.setExecutor(agents.threads());
        server.start();
        try {
            AgentProcess process = agents.agentls("run", "--mode", "ask", "--workspace", root.toString(), "-p",
                    "say hello", "--base-url", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1", "--model",
                    "m").jvm("-XX:TieredStopAtLevel=1").input("").start();
            String before = process.awaitStdout(shown -> shown.contains("First words streamed"),
                    Duration.ofSeconds(60));
            assertTrue(before.contains("First words streamed") && !before.contains("then the rest"),
                    "shown while the model held the rest: " + before + process.stderr());
            seen.countDown();
            String stdout = process.finish(Duration.ofSeconds(60)).stdout();
            assertTrue(stdout.contains("First words streamed, then the rest."), stdout);
        } finally {
            seen.countDown();
            server.stop(0);
        }
    }

    @Test
    void anEditShowsItsDiffAndACommandItsFirstLinesOfOutput() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String file = "src/main/java/demo/Greeter.java";
        String fix = """
                ------- SEARCH
                        return greeting + ", " + name + "!";
                =======
                        return greeting + ", " + name.strip() + "!";
                +++++++ REPLACE""";
        OpenAiScript script = new OpenAiScript()
                .answer("", "replace_in_file", arguments("target_file", file, "diff", fix))
                .answer("", "execute_command", arguments("command", "printf 'one\\ntwo\\nthree\\n'",
                        "requires_approval", "false"))
                .answer("Done.", new String[0]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (ReplayServer model = ReplayServer.start(script.transcript(), 0, agents.threads(), line -> { })) {
            int status = new RunCommand(InputStream.nullInputStream(), new RunCommand.Terminal() {
                @Override
                public boolean interactive() {
                    return false;
                }

                @Override
                public Runnable onInterrupt(Runnable cancel) {
                    return () -> { };
                }
            }).run(new String[] {"--workspace", root.toString(), "-p", "strip names", "--base-url",
                    model.baseUrl() + "/v1", "--model", "m"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            String shown = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, status, shown + err);
            assertTrue(shown.contains("--- a/" + file + "\n+++ b/" + file + "\n"), shown);
            assertTrue(shown.contains("-        return greeting + \", \" + name + \"!\";\n"
                    + "+        return greeting + \", \" + name.strip() + \"!\";\n"), shown);
            assertTrue(shown.contains("         | one\n         | two\n         | three\n"), shown);
            assertTrue(!shown.contains("\033["), "no colour off a terminal: " + shown);
        }
    }
}
