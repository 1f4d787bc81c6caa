package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 5: {@code workspace/executeCommand} with null params or no command is InvalidParams with a clear
 * message, and every value an answer repeats (command id, tool name) is at most 200 characters and says its length.
 */
class ExecuteCommandBadInputTest {

    private static final int INVALID_PARAMS = -32602;

    @TempDir
    Path temp;

    @Test
    void answersNullParamsWithInvalidParams() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":null}");
            assertEquals("'workspace/executeCommand' needs params, an object; got null",
                    RawWire.error(wire.response("2"), INVALID_PARAMS));
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"workspace/executeCommand\"}");
            assertEquals("'workspace/executeCommand' needs params, an object; got none",
                    RawWire.error(wire.response("3"), INVALID_PARAMS));
        }
    }

    @Test
    void answersParamsWithoutACommandWithInvalidParams() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":{}}");
            String message = RawWire.error(wire.response("2"), INVALID_PARAMS);
            assertTrue(message.startsWith("workspace/executeCommand needs 'command', a string; this server offers ["
                    + ApplyEditsCommand.ID), message);
        }
    }

    @Test
    void boundsAnUnknownCommandIdOfAHundredThousandCharacters() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            String id = "x".repeat(100_000);
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":\""
                    + id + "\",\"arguments\":[{}]}}");
            String message = RawWire.error(wire.response("2"), INVALID_PARAMS);
            assertTrue(message.startsWith("unknown command '" + "x".repeat(200) + "\u2026 (100000 characters)'; this"
                    + " server offers ["), message);
            assertTrue(message.length() < 600, "length " + message.length());
        }
    }

    @Test
    void boundsAnUnknownMethodNameInMethodNotFound() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"" + "m".repeat(5000) + "\"}");
            assertEquals("this server does not offer the request '" + "m".repeat(200) + "\u2026 (5000 characters)'",
                    RawWire.error(wire.response("2"), -32601));
        }
    }

    @Test
    void boundsAnUnknownToolNameInRunTool() throws Exception {
        try (LspFixture lsp = LspFixture.withAgentTools("demo", temp)) {
            lsp.initialize();
            JsonObject answer = LspFixture.json(LspFixture.await(lsp.execute(RunToolCommand.ID,
                    java.util.Map.of("name", "t".repeat(100_000), "arguments", java.util.Map.of()))));
            String error = answer.get("error").getAsString();
            assertTrue(error.startsWith("unknown tool '" + "t".repeat(200) + "\u2026 (100000 characters)'; the available"
                    + " tools are "), error.substring(0, Math.min(400, error.length())));
            assertTrue(error.length() < 1000, "length " + error.length());
        }
    }
}
