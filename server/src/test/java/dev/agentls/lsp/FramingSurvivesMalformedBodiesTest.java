package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 4: a well-framed body that fails to parse costs exactly that message (an error answer where it has
 * an id), never the stream; each case is followed by a valid request that must be answered.
 */
@Tag("slow")
class FramingSurvivesMalformedBodiesTest {

    private static final int PARSE_ERROR = -32700;

    @TempDir
    Path temp;

    @Test
    void paramsNestedFiveThousandDeepCostOnlyThatMessage() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            String deep = "[".repeat(5000) + "]".repeat(5000);
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":" + deep + "}");
            String message = RawWire.error(wire.response("2"), PARSE_ERROR);
            assertTrue(message.startsWith("the message could not be parsed as JSON: Nesting limit 255 reached"), message);
            assertTrue(message.length() < 300, message);
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"workspace/executeCommand\",\"params\":" + deep + ",\"id\":3}");
            RawWire.error(wire.response("3"), PARSE_ERROR);
            assertStillAnswers(wire, "4");
        }
    }

    @Test
    void aBatchArrayAndAnArrayIdCostOnlyThemselves() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            StringBuilder batch = new StringBuilder("[");
            for (int i = 0; i < 200; i++) {
                batch.append(i == 0 ? "" : ",").append("{\"jsonrpc\":\"2.0\",\"id\":").append(1000 + i)
                        .append(",\"method\":\"shutdown\"}");
            }
            wire.send(batch.append("]").toString());
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":[1,2],\"method\":\"shutdown\"}");
            assertStillAnswers(wire, "5");
            assertEquals(0, wire.answersTo("1000"));
            String stderr = wire.serverErr.toString(StandardCharsets.UTF_8);
            assertTrue(stderr.contains("dropped a message: a JSON-RPC message is one JSON object; got an array (LSP has"
                    + " no batches)"), stderr);
            assertTrue(stderr.contains("dropped a message: the id must be a string or a number; got an array"), stderr);
        }
    }

    @Test
    void aBodyInAnUnknownCharsetIsConsumedAndAnswered() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            byte[] body = "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"shutdown\"}".getBytes(StandardCharsets.UTF_8);
            wire.sendBytes(("Content-Length: " + body.length + "\r\nContent-Type: application/vscode-jsonrpc; "
                    + "charset=nope-42\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            wire.sendBytes(body);
            assertEquals("the Content-Type's charset 'nope-42' is not supported; LSP messages are UTF-8",
                    RawWire.error(wire.response("6"), PARSE_ERROR));
            assertStillAnswers(wire, "7");
        }
    }

    @Test
    void aTruncatedBodyIsAnsweredWithParseErrorWhenItsIdCameFirst() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":\"cut\",\"method\":\"workspace/executeCommand\",\"params\":{\"comm");
            String message = RawWire.error(wire.response("\"cut\""), PARSE_ERROR);
            assertTrue(message.startsWith("the message could not be parsed as JSON: "), message);
            wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"shutdown\",\"params\":{\"a\":tru");
            assertStillAnswers(wire, "8");
        }
    }

    @Test
    void findsTheNextFrameAfterABodyLongerThanItsContentLength() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            String body = "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}";
            // The length says 10 bytes fewer: the last 10 are left in front of the next header.
            wire.sendBytes(("Content-Length: " + (body.length() - 10) + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
            assertStillAnswers(wire, "9");
        }
    }

    @Test
    void skipsAHeaderBlockWithoutContentLengthAndAnOversizedBody() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.sendBytes("Content-Type: application/json\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            wire.sendBytes("Content-Length: -5\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertStillAnswers(wire, "10");
            String stderr = wire.serverErr.toString(StandardCharsets.UTF_8);
            assertTrue(stderr.contains("skipped a header block without a usable Content-Length: Content-Type:"
                    + " application/json"), stderr);
        }
    }

    /** A valid request right after: answered correctly, so the stream kept its framing. */
    private static void assertStillAnswers(RawWire wire, String id) throws Exception {
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"workspace/executeCommand\",\"params\":"
                + "{\"command\":\"agentls.checkpoints\",\"arguments\":[{}]}}");
        JsonObject answer = wire.response(id);
        assertTrue(answer.has("result") && answer.getAsJsonObject("result").has("checkpoints"), answer.toString());
    }
}
