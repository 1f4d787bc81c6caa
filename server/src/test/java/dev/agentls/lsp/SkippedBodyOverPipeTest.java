package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.agentls.testing.AgentProcesses;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void answersTheNextRequestAfterSkippingAnOversizeBodyOnAPipe() throws Exception {
        LspProcess server = initialized();

        long length = FrameReader.MAX_BODY_BYTES + 1;
        server.write(("Content-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) 'x');
        for (long left = length; left > 0; left -= chunk.length) {
            server.write(chunk, 0, (int) Math.min(left, chunk.length));
        }
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"shutdown\"}");

        JsonObject after = server.nextAnswer("after the skipped body");
        assertEquals("\"after\"", after.get("id").toString());
        assertTrue(after.has("result") && !after.has("error"), after.toString());
        String log = server.awaitStderr(shown -> shown.contains("skipped a message of " + length + " bytes"));
        assertFalse(log.contains("Illegal seek"), log);
        server.exit();
    }

    @Test
    void answersTheNextRequestAfterAHeaderWithoutAUsableLengthOnAPipe() throws Exception {
        LspProcess server = initialized();

        server.write("Content-Length: -7\r\nX-Junk: yes\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"after\",\"method\":\"shutdown\"}");

        JsonObject after = server.nextAnswer("after the unusable header");
        assertEquals("\"after\"", after.get("id").toString());
        server.awaitStderr(shown -> shown.contains("without a usable Content-Length"));
        server.exit();
    }

    /** A server on a copy of the demo workspace, its {@code initialize} the first answer it gave. */
    private LspProcess initialized() throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        LspProcess server = LspProcess.start(agents);
        server.sendInitialize(root);
        server.sendInitialized();
        assertEquals("\"init\"", server.nextAnswer("to initialize").get("id").toString());
        return server;
    }
}
