package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * A seeded generator of malformed and hostile JSON-RPC input for {@link JsonRpcFuzzTest}, each case with what JSON-RPC
 * and LSP say must come back: an error of a given code for the case's id, a result, or nothing (no usable id). The
 * server must be initialized and stay so: nothing here is a valid {@code shutdown} or {@code exit}.
 */
final class HostileMessages {

    /** One unit written to the server; {@code id} is the JSON literal of the id that must be answered, or null. */
    record Case(String kind, byte[] bytes, String id, Integer code) {

        boolean expectsAnswer() {
            return id != null;
        }
    }

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;

    private static final List<String> UNIMPLEMENTED = List.of("textDocument/hover", "textDocument/completion",
            "textDocument/definition", "textDocument/references", "textDocument/formatting",
            "textDocument/codeLens", "textDocument/documentSymbol", "workspace/symbol", "textDocument/rename",
            "textDocument/signatureHelp", "textDocument/foldingRange", "textDocument/semanticTokens/full",
            "textDocument/inlayHint", "textDocument/diagnostic", "workspace/willRenameFiles", "callHierarchy/incomingCalls");

    private final Random random;
    private final List<Map.Entry<String, Supplier<Case>>> kinds = new ArrayList<>();
    private int next;

    HostileMessages(long seed) {
        random = new Random(seed);
        kinds.add(Map.entry("truncated", this::truncated));
        kinds.add(Map.entry("deep", this::deep));
        kinds.add(Map.entry("batch", this::batch));
        kinds.add(Map.entry("bad-id", this::badId));
        kinds.add(Map.entry("wrong-params", this::wrongParams));
        kinds.add(Map.entry("null-params", this::nullParams));
        kinds.add(Map.entry("dollar-request", this::dollarRequest));
        kinds.add(Map.entry("unimplemented", this::unimplemented));
        kinds.add(Map.entry("notification-with-id", this::notificationWithId));
        kinds.add(Map.entry("unknown-command", this::unknownCommand));
        kinds.add(Map.entry("method-not-string", this::methodNotString));
        kinds.add(Map.entry("bad-jsonrpc", this::badJsonrpc));
        kinds.add(Map.entry("second-initialize", this::secondInitialize));
        kinds.add(Map.entry("bad-charset", this::badCharset));
        kinds.add(Map.entry("garbage", this::garbage));
        kinds.add(Map.entry("invalid-utf8", this::invalidUtf8));
        kinds.add(Map.entry("understated-length", this::understated));
        kinds.add(Map.entry("no-length", this::noLength));
        kinds.add(Map.entry("bad-notification", this::badNotification));
        kinds.add(Map.entry("stray-response", this::strayResponse));
    }

    /** A hostile case of a kind picked at random. */
    Case hostile() {
        return kinds.get(random.nextInt(kinds.size())).getValue().get();
    }

    /** A valid request in a random member order: {@code agentls.checkpoints}, which answers a result at once. */
    Case valid() {
        String id = id();
        return new Case("valid", WireFrames.frame(shuffled(Map.of("jsonrpc", new JsonPrimitive("2.0"),
                "id", JsonParser.parseString(id), "method", new JsonPrimitive("workspace/executeCommand"),
                "params", checkpointsParams()))), id, null);
    }

    /** A fresh id literal: plain, negative, fractional, or a string with escapes, unique by its counter. */
    String id() {
        int n = ++next;
        return switch (random.nextInt(5)) {
            case 0 -> "-" + n;
            case 1 -> n + ".25";
            case 2 -> "\"s" + n + "\"";
            case 3 -> "\"\\u00e9\\\"" + n + "\"";
            default -> Integer.toString(n);
        };
    }

    private Case truncated() {
        String id = id();
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"workspace/executeCommand\",\"params\":"
                + checkpointsParams() + "}";
        int start = body.indexOf(",\"method\"") + 1;
        int cut = start + random.nextInt(body.length() - start - 1);
        return framed("truncated", body.substring(0, cut), id, PARSE_ERROR);
    }

    private Case deep() {
        int depth = 300 + random.nextInt(5700);
        String params = "[".repeat(depth) + "]".repeat(depth);
        String id = id();
        boolean idFirst = random.nextBoolean();
        String body = idFirst
                ? "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"workspace/executeCommand\",\"params\":" + params + "}"
                : "{\"jsonrpc\":\"2.0\",\"method\":\"workspace/executeCommand\",\"params\":" + params + ",\"id\":" + id + "}";
        return framed("deep", body, id, PARSE_ERROR);
    }

    private Case batch() {
        JsonArray batch = new JsonArray();
        int size = 1 + random.nextInt(60);
        for (int i = 0; i < size; i++) {
            batch.add(JsonParser.parseString("{\"jsonrpc\":\"2.0\",\"id\":" + id()
                    + ",\"method\":\"workspace/executeCommand\",\"params\":" + checkpointsParams() + "}"));
        }
        return framed("batch", batch.toString(), null, null);
    }

    private Case badId() {
        JsonElement id = switch (random.nextInt(4)) {
            case 0 -> JsonParser.parseString("[" + random.nextInt(100) + "]");
            case 1 -> JsonParser.parseString("{\"n\":1}");
            case 2 -> new JsonPrimitive(random.nextBoolean());
            default -> JsonNull.INSTANCE;
        };
        String method = random.nextBoolean() ? "shutdown" : "workspace/executeCommand";
        return framed("bad-id", shuffled(Map.of("jsonrpc", new JsonPrimitive("2.0"), "id", id,
                "method", new JsonPrimitive(method), "params", checkpointsParams())), null, null);
    }

    private Case wrongParams() {
        JsonElement params = switch (random.nextInt(7)) {
            case 0 -> new JsonPrimitive(random.nextInt());
            case 1 -> new JsonPrimitive("params");
            case 2 -> JsonParser.parseString("[" + checkpointsParams() + ",{\"x\":1}" + (random.nextBoolean() ? ",3" : "") + "]");
            case 3 -> withMember("workDoneToken", JsonParser.parseString(random.nextBoolean() ? "[1]" : "{\"a\":1}"));
            case 4 -> withMember("arguments", new JsonPrimitive(5));
            case 5 -> withMember("command", JsonParser.parseString("{}"));
            default -> new JsonPrimitive(true);
        };
        return request("wrong-params", "workspace/executeCommand", params, INVALID_PARAMS);
    }

    private Case nullParams() {
        String id = id();
        String body = random.nextBoolean()
                ? "{\"params\":null,\"jsonrpc\":\"2.0\",\"method\":\"workspace/executeCommand\",\"id\":" + id + "}"
                : "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"workspace/executeCommand\"}";
        return framed("null-params", body, id, INVALID_PARAMS);
    }

    private Case dollarRequest() {
        String method = "$/" + List.of("setTrace", "cancelRequest", "progress", "logTrace", "x" + random.nextInt())
                .get(random.nextInt(5));
        return request("dollar-request", method, JsonParser.parseString(random.nextBoolean() ? "1" : "{}"), METHOD_NOT_FOUND);
    }

    private Case unimplemented() {
        String method = random.nextInt(4) == 0 ? "x/y" + random.nextInt() : UNIMPLEMENTED.get(random.nextInt(UNIMPLEMENTED.size()));
        return request("unimplemented", method, JsonParser.parseString("{\"textDocument\":{\"uri\":\"file:///x\"},"
                + "\"position\":{\"line\":0,\"character\":0}}"), METHOD_NOT_FOUND);
    }

    private Case notificationWithId() {
        String method = List.of("textDocument/didSave", "textDocument/didClose", "initialized", "exit").get(random.nextInt(4));
        return request("notification-with-id", method, JsonParser.parseString("{\"textDocument\":{\"uri\":\"file:///x\"}}"),
                METHOD_NOT_FOUND);
    }

    private Case unknownCommand() {
        String command = switch (random.nextInt(4)) {
            case 0 -> "x".repeat(1 + random.nextInt(100_000));
            case 1 -> "57% similar %s %d %%";
            case 2 -> "agentls." + random.nextInt();
            default -> "\u00e9\u4e2d\ud83d\ude00" + random.nextInt();
        };
        JsonObject params = new JsonObject();
        params.addProperty("command", command);
        params.add("arguments", JsonParser.parseString("[{}]"));
        return request("unknown-command", "workspace/executeCommand", params, INVALID_PARAMS);
    }

    private Case methodNotString() {
        String id = id();
        JsonElement method = JsonParser.parseString(List.of("5", "[]", "{}", "true").get(random.nextInt(4)));
        return framed("method-not-string", shuffled(Map.of("jsonrpc", new JsonPrimitive("2.0"),
                "id", JsonParser.parseString(id), "method", method)), id, INVALID_REQUEST);
    }

    private Case badJsonrpc() {
        String id = id();
        JsonObject message = new JsonObject();
        switch (random.nextInt(3)) {
            case 0 -> message.addProperty("jsonrpc", "1.0");
            case 1 -> message.addProperty("jsonrpc", 2);
            default -> { } // missing
        }
        message.add("id", JsonParser.parseString(id));
        message.addProperty("method", "workspace/executeCommand");
        message.add("params", checkpointsParams());
        return framed("bad-jsonrpc", message.toString(), id, INVALID_REQUEST);
    }

    private Case secondInitialize() {
        return request("second-initialize", "initialize", JsonParser.parseString("{\"capabilities\":{}}"), INVALID_REQUEST);
    }

    private Case badCharset() {
        String id = id();
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"shutdown\"}").getBytes(StandardCharsets.UTF_8);
        String charset = List.of("nope-42", "\"x y\"", "utf-9", "").get(random.nextInt(4));
        byte[] header = ("Content-Length: " + body.length + "\r\nContent-Type: application/vscode-jsonrpc; charset="
                + charset + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        return new Case("bad-charset", concat(header, body), id, PARSE_ERROR);
    }

    private Case garbage() {
        StringBuilder text = new StringBuilder();
        String alphabet = "{}[],:0123456789abcdefnulltrue \t\\/-+.eE";
        int length = random.nextInt(3000);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return framed("garbage", text.toString(), null, null);
    }

    private Case invalidUtf8() {
        String id = id();
        byte[] head = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"workspace/executeCommand\",\"params\":"
                + "{\"arguments\":[{}],\"command\":\"bad").getBytes(StandardCharsets.UTF_8);
        byte[] junk = {(byte) 0xC3, 0x28, (byte) 0xFF, (byte) 0xFE, (byte) 0xED, (byte) 0xA0, (byte) 0x80};
        byte[] body = concat(concat(head, junk), "\"}}".getBytes(StandardCharsets.UTF_8));
        return new Case("invalid-utf8", concat(("Content-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII), body), id, INVALID_PARAMS);
    }

    /** A Content-Length smaller than the body: the body is cut (its id comes first), the rest precedes the next header. */
    private Case understated() {
        String id = id();
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"workspace/executeCommand\",\"params\":"
                + checkpointsParams() + "}").getBytes(StandardCharsets.UTF_8);
        int short_ = 1 + random.nextInt(20);
        return new Case("understated-length", concat(("Content-Length: " + (body.length - short_) + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII), body), id, PARSE_ERROR);
    }

    private Case noLength() {
        String headers = List.of("Content-Type: application/json\r\n", "Content-Length: abc\r\n",
                "Content-Length: -5\r\n", "X-Junk: 1\r\n", "\r\n", "Content-Length: 99999999999999999999\r\n")
                .get(random.nextInt(6));
        return new Case("no-length", (headers + "\r\n").getBytes(StandardCharsets.US_ASCII), null, null);
    }

    private Case badNotification() {
        String body = switch (random.nextInt(8)) {
            case 0 -> "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":5}";
            case 1 -> "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{}}";
            case 2 -> "{\"jsonrpc\":\"2.0\",\"method\":\"exit\",\"params\":5}";
            case 3 -> "{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":[1]}}";
            case 4 -> "{\"jsonrpc\":\"2.0\",\"method\":\"$/cancelRequest\",\"params\":{\"id\":" + random.nextInt() + "}}";
            case 5 -> "{\"jsonrpc\":\"2.0\",\"method\":\"no/such\",\"params\":{}}";
            case 6 -> "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":"
                    + "\"file:///etc/passwd\",\"languageId\":\"x\",\"version\":1,\"text\":\"x\"}}}";
            default -> "{\"jsonrpc\":\"2.0\",\"method\":\"workspace/didChangeWatchedFiles\",\"params\":{\"changes\":"
                    + "[{\"uri\":\"not a uri\",\"type\":1}]}}";
        };
        return framed("bad-notification", body, null, null);
    }

    private Case strayResponse() {
        String body = random.nextBoolean()
                ? "{\"jsonrpc\":\"2.0\",\"id\":" + (900_000_000 + random.nextInt(1000)) + ",\"result\":{}}"
                : "{\"jsonrpc\":\"2.0\",\"id\":\"nobody\",\"error\":5}";
        return framed("stray-response", body, null, null);
    }

    private Case request(String kind, String method, JsonElement params, int code) {
        String id = id();
        return framed(kind, shuffled(Map.of("jsonrpc", new JsonPrimitive("2.0"), "id", JsonParser.parseString(id),
                "method", new JsonPrimitive(method), "params", params)), id, code);
    }

    private static Case framed(String kind, String body, String id, Integer code) {
        return new Case(kind, WireFrames.frame(body), id, code);
    }

    private static JsonObject checkpointsParams() {
        return JsonParser.parseString("{\"command\":\"agentls.checkpoints\",\"arguments\":[{}]}").getAsJsonObject();
    }

    private static JsonObject withMember(String name, JsonElement value) {
        JsonObject params = checkpointsParams();
        params.add(name, value);
        return params;
    }

    /** The members in a random order: member order carries no meaning in JSON. */
    private String shuffled(Map<String, JsonElement> members) {
        List<String> names = new ArrayList<>(members.keySet());
        Collections.sort(names);
        Collections.shuffle(names, random);
        JsonObject message = new JsonObject();
        names.forEach(name -> message.add(name, members.get(name)));
        return message.toString();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(a.length + b.length);
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }
}
