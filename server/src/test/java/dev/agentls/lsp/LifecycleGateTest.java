package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 3: before {@code initialize} every request is -32002 and changes nothing, {@code shutdown} included,
 * so a later {@code initialize} starts a working session; {@code initialize} comes once; after {@code shutdown}
 * requests are InvalidRequest, as LSP says.
 */
@Tag("slow")
class LifecycleGateTest {

    private static final int NOT_INITIALIZED = -32002;
    private static final int INVALID_REQUEST = -32600;

    @TempDir
    Path temp;

    @Test
    void refusesEveryRequestBeforeInitializeWithMinus32002AndChangesNothing() throws Exception {
        Files.writeString(temp.resolve("a.txt"), "old\n");
        try (RawWire wire = new RawWire()) {
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                    + "\"agentls.applyEdits\",\"arguments\":[{\"uri\":\"" + temp.resolve("a.txt").toUri()
                    + "\",\"diff\":\"------- SEARCH\\nold\\n=======\\nnew\\n+++++++ REPLACE\\n\"}]}}");
            assertEquals("the server is not initialized: 'workspace/executeCommand' came before 'initialize'",
                    RawWire.error(wire.response("1"), NOT_INITIALIZED));
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/hover\",\"params\":{}}");
            assertEquals("the server is not initialized: 'textDocument/hover' came before 'initialize'",
                    RawWire.error(wire.response("2"), NOT_INITIALIZED));
            assertEquals("old\n", Files.readString(temp.resolve("a.txt")));
        }
    }

    @Test
    void shutdownBeforeInitializeIsRefusedAndDoesNotPoisonTheSession() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}");
            assertEquals("the server is not initialized: 'shutdown' came before 'initialize'",
                    RawWire.error(wire.response("1"), NOT_INITIALIZED));
            JsonObject initialized = wire.initialize(temp, "2");
            assertTrue(initialized.getAsJsonObject("result").has("capabilities"), initialized.toString());
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                    + "\"agentls.checkpoints\",\"arguments\":[{}]}}");
            JsonObject answer = wire.response("3");
            assertTrue(answer.getAsJsonObject("result").has("checkpoints"), answer.toString());
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"shutdown\"}");
            assertTrue(wire.response("4").has("result"));
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
            assertEquals(0, wire.connection.exit().get(LspFixture.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS));
        }
    }

    @Test
    void dropsNotificationsBeforeInitializeButHonoursExit() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\""
                    + temp.resolve("b.txt").toUri() + "\",\"languageId\":\"text\",\"version\":1,\"text\":\"x\"}}}");
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
            assertEquals(1, wire.connection.exit().get(LspFixture.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(wire.serverErr.toString(java.nio.charset.StandardCharsets.UTF_8)
                    .contains("dropped a message: the notification 'textDocument/didOpen' came before 'initialize'"));
        }
    }

    @Test
    void answersASecondInitializeWithInvalidRequest() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}");
            assertEquals("'initialize' was already answered; LSP sends it once per connection",
                    RawWire.error(wire.response("2"), INVALID_REQUEST));
        }
    }

    @Test
    void answersRequestsAfterShutdownWithInvalidRequest() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}");
            wire.response("2");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                    + "\"agentls.checkpoints\",\"arguments\":[{}]}}");
            assertEquals("the server is shut down: 'workspace/executeCommand' came after 'shutdown'; only 'exit' may"
                    + " follow", RawWire.error(wire.response("3"), INVALID_REQUEST));
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"shutdown\"}");
            RawWire.error(wire.response("4"), INVALID_REQUEST);
        }
    }
}
