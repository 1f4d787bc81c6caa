package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code agentls lsp} child process whose stdin is an OS pipe, where a seek fails: a body the server skips
 * (over its size limit, or after a header block without a usable length) costs that message only, and the next
 * request is answered.
 */
@Tag("slow")
class SkippedBodyOverPipeTest {

    @TempDir
    Path temp;

    @Test
    void answersTheNextRequestAfterSkippingAnOversizeBodyOnAPipe() throws Exception {
        Path stderr = temp.resolve("server-stderr.txt");
        Process server = start(stderr);
        try {
            BlockingQueue<JsonObject> answers = answersOf(server.getInputStream());
            OutputStream out = server.getOutputStream();
            initialize(out, answers);

            long length = FrameReader.MAX_BODY_BYTES + 1;
            out.write(("Content-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[1 << 20];
            Arrays.fill(chunk, (byte) 'x');
            for (long left = length; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(left, chunk.length));
            }
            out.write(WireFrames.frame("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"shutdown\"}"));
            out.flush();

            JsonObject after = answers.poll(LspFixture.TIMEOUT_SECONDS * 2, TimeUnit.SECONDS);
            assertNotNull(after, "no answer after the skipped body; stderr: " + Files.readString(stderr));
            assertEquals("\"after\"", after.get("id").toString());
            assertTrue(after.has("result") && !after.has("error"), after.toString());
            String log = Files.readString(stderr);
            assertTrue(log.contains("skipped a message of " + length + " bytes"), log);
            assertFalse(log.contains("Illegal seek"), log);
            exit(out, server);
        } finally {
            server.destroyForcibly();
        }
    }

    @Test
    void answersTheNextRequestAfterAHeaderWithoutAUsableLengthOnAPipe() throws Exception {
        Path stderr = temp.resolve("server-stderr.txt");
        Process server = start(stderr);
        try {
            BlockingQueue<JsonObject> answers = answersOf(server.getInputStream());
            OutputStream out = server.getOutputStream();
            initialize(out, answers);

            out.write("Content-Length: -7\r\nX-Junk: yes\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.write(WireFrames.frame("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"shutdown\"}"));
            out.flush();

            JsonObject after = answers.poll(LspFixture.TIMEOUT_SECONDS * 2, TimeUnit.SECONDS);
            assertNotNull(after, "no answer after the unusable header; stderr: " + Files.readString(stderr));
            assertEquals("\"after\"", after.get("id").toString());
            assertTrue(Files.readString(stderr).contains("without a usable Content-Length"));
            exit(out, server);
        } finally {
            server.destroyForcibly();
        }
    }

    private Process start(Path stderr) throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        Process server = new ProcessBuilder(NeovimDriver.serverCommand()).redirectError(stderr.toFile()).start();
        server.getOutputStream().write(WireFrames.frame("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\","
                + "\"params\":{\"rootUri\":\"" + root.toUri() + "\",\"capabilities\":{}}}"));
        return server;
    }

    private static void initialize(OutputStream out, BlockingQueue<JsonObject> answers) throws Exception {
        out.write(WireFrames.frame("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}"));
        out.flush();
        JsonObject init = answers.poll(LspFixture.TIMEOUT_SECONDS * 2, TimeUnit.SECONDS);
        assertNotNull(init, "no answer to initialize");
        assertEquals("\"init\"", init.get("id").toString());
    }

    private static void exit(OutputStream out, Process server) throws Exception {
        out.write(WireFrames.frame("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));
        out.flush();
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server did not exit");
        assertEquals(0, server.exitValue());
    }

    /** Answers (frames with an id and no method) in arrival order; notifications and requests are dropped. */
    private static BlockingQueue<JsonObject> answersOf(InputStream in) {
        BlockingQueue<JsonObject> answers = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try {
                JsonObject message;
                while ((message = WireFrames.read(in)) != null) {
                    if (!message.has("method") && message.has("id")) {
                        answers.add(message);
                    }
                }
            } catch (Exception e) {
                // the stream closed with the process
            }
        }, "pipe-answers");
        reader.setDaemon(true);
        reader.start();
        return answers;
    }
}
