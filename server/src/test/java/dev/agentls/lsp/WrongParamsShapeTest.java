package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 10 item 1: a request whose params have the wrong shape is answered InvalidParams, whatever the member order. */
@Tag("slow")
class WrongParamsShapeTest {

    private static final int INVALID_PARAMS = -32602;
    private static final String WORK_DONE_TOKEN_REFUSED = "'workspace/executeCommand' params do not fit"
            + " ExecuteCommandParams at $.workDoneToken: Unexpected token BEGIN_ARRAY: expected STRING | NUMBER tokens.";

    @TempDir
    Path temp;

    @Test
    void answersInvalidParamsWhenTheIdComesAfterParamsThatDoNotFit() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                    + "\"agentls.checkpoints\",\"arguments\":[{}],\"workDoneToken\":[1]},\"id\":9}");
            assertEquals(WORK_DONE_TOKEN_REFUSED, RawWire.error(wire.response("9"), INVALID_PARAMS));
        }
    }

    @Test
    void answersTheSameWhenTheIdComesFirst() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                    + "\"agentls.checkpoints\",\"arguments\":[{}],\"workDoneToken\":[1]}}");
            assertEquals(WORK_DONE_TOKEN_REFUSED, RawWire.error(wire.response("9"), INVALID_PARAMS));
        }
    }

    @Test
    void answersInvalidParamsWhenAParamsArrayHasMoreItemsThanTheMethodTakes() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"params\":[{\"command\":\"agentls.checkpoints\",\"arguments\":[{}]},"
                    + "{\"x\":1},3],\"method\":\"workspace/executeCommand\",\"id\":\"extra\"}");
            assertEquals("'workspace/executeCommand' takes one parameter, an object; got an array of 3 items",
                    RawWire.error(wire.response("\"extra\""), INVALID_PARAMS));
        }
    }

    @Test
    void takesAParamsArrayOfExactlyOneObjectAsThatObject() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"params\":[{\"command\":\"agentls.checkpoints\",\"arguments\":[{}]}],"
                    + "\"method\":\"workspace/executeCommand\",\"id\":4}");
            JsonObject answer = wire.response("4");
            assertTrue(answer.has("result") && answer.getAsJsonObject("result").has("checkpoints"), answer.toString());
        }
    }

    @Test
    void answersInvalidParamsForParamsThatAreNotAnObject() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"workspace/executeCommand\",\"params\":1,\"id\":5}");
            assertEquals("'workspace/executeCommand' needs params, an object; got a number",
                    RawWire.error(wire.response("5"), INVALID_PARAMS));
            wire.send("{\"jsonrpc\":\"2.0\",\"params\":\"x\",\"method\":\"shutdown\",\"id\":6}");
            assertEquals("'shutdown' takes no params; got a string", RawWire.error(wire.response("6"), INVALID_PARAMS));
        }
    }

    @Test
    void answersInvalidParamsForAnInitializeWhoseRootIsNotAFileUri() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":"
                    + "\"http://example.com/x\",\"capabilities\":{}}}");
            assertEquals("initialize: rootUri 'http://example.com/x' is not a file URI (file:///...)",
                    RawWire.error(wire.response("1"), INVALID_PARAMS));
            JsonObject second = wire.initialize(temp, "2");
            assertTrue(second.getAsJsonObject("result").has("capabilities"), second.toString());
        }
    }
}
