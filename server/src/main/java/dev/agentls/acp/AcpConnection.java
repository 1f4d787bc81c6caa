package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * JSON-RPC 2.0 over newline-delimited JSON, both ways: reads the client's messages on one thread that never blocks
 * on a handler, answers each request once with its own id, and sends this side's requests and notifications.
 * Owns the wire's rules: a malformed line, an id that is not a string or number, a duplicate id still in flight, a
 * line over the size limit each get an error naming the fault, and the connection goes on.
 */
public final class AcpConnection {

    /** The biggest line read: the size of the largest document the workspace takes, with room for its JSON escapes. */
    static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

    /** What serves the client's messages. */
    public interface Handler {
        /** Answers a request; fails with {@link AcpException} for a protocol error. Must not block. */
        CompletableFuture<Answer> request(String method, JsonNode params);

        /** Takes a notification. Must not block. */
        void notification(String method, JsonNode params);
    }

    /** A request's result, and what to do once it is sent (an update that must follow the answer). */
    public record Answer(JsonNode result, Runnable then) {
        static Answer of(JsonNode result) {
            return new Answer(result, () -> { });
        }
    }

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ObjectMapper json = new ObjectMapper();
    private final OutputStream out;
    private final PrintStream log;
    private final Map<Long, CompletableFuture<JsonNode>> outgoing = new ConcurrentHashMap<>();
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    private final AtomicLong nextId = new AtomicLong();

    public AcpConnection(OutputStream out, PrintStream log) {
        this.out = out;
        this.log = log;
    }

    /** Reads and dispatches until the input ends; then fails every request still waiting for the client. */
    public void serve(InputStream in, Handler handler) throws IOException {
        LineReader lines = new LineReader(in, MAX_LINE_BYTES);
        long number = 0;
        for (LineReader.Line line = lines.next(); !(line instanceof LineReader.End); line = lines.next()) {
            number++;
            if (line instanceof LineReader.TooLong tooLong) {
                error(NullNode.instance, AcpException.INVALID_REQUEST, "line " + number + " is " + tooLong.bytes()
                        + " bytes, over the limit of " + MAX_LINE_BYTES + " bytes; it was skipped");
            } else if (line instanceof LineReader.Text text && !text.text().isBlank()) {
                take(number, text.text(), handler);
            }
        }
        outgoing.values().forEach(f -> f.completeExceptionally(new AcpException(AcpException.INTERNAL_ERROR,
                "the client closed the connection")));
    }

    private void take(long number, String text, Handler handler) {
        JsonNode message;
        try {
            message = json.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            error(NullNode.instance, AcpException.PARSE_ERROR, "line " + number + " is not JSON: "
                    + e.getOriginalMessage());
            return;
        }
        if (!(message instanceof ObjectNode)) {
            error(NullNode.instance, AcpException.INVALID_REQUEST, "line " + number + " is not a JSON-RPC object");
            return;
        }
        JsonNode id = message.get("id");
        if (id != null && !(id.isTextual() || id.isNumber() || id.isNull())) {
            error(NullNode.instance, AcpException.INVALID_REQUEST, "line " + number + ": an id must be a string or a"
                    + " number, got " + id.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
            return;
        }
        JsonNode method = message.get("method");
        if (method == null) {
            answered(number, id, message);
            return;
        }
        if (!method.isTextual()) {
            error(id == null ? NullNode.instance : id, AcpException.INVALID_REQUEST, "line " + number
                    + ": method must be a string");
            return;
        }
        JsonNode params = message.has("params") ? message.get("params") : NODES.objectNode();
        if (id == null) {
            try {
                handler.notification(method.asText(), params);
            } catch (RuntimeException e) {
                log.println("agentls acp: notification " + method.asText() + " failed: " + e);
            }
            return;
        }
        String key = id.toString();
        if (!inFlight.add(key)) {
            error(id, AcpException.INVALID_REQUEST, "duplicate id " + key + ": a request with this id is still"
                    + " being answered");
            return;
        }
        CompletableFuture<Answer> answer;
        try {
            answer = handler.request(method.asText(), params);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        answer.whenComplete((result, failure) -> {
            inFlight.remove(key);
            if (failure == null) {
                ObjectNode reply = envelope(id);
                reply.set("result", result.result());
                send(reply);
                result.then().run();
            } else {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                if (cause instanceof AcpException acp) {
                    error(id, acp.code(), acp.getMessage());
                } else {
                    log.println("agentls acp: " + method.asText() + " failed: " + cause);
                    error(id, AcpException.INTERNAL_ERROR, method.asText() + " failed: " + cause.getMessage());
                }
            }
        });
    }

    private void answered(long number, JsonNode id, JsonNode message) {
        CompletableFuture<JsonNode> waiting = id != null && id.canConvertToLong() ? outgoing.remove(id.asLong()) : null;
        if (waiting == null) {
            log.println("agentls acp: line " + number + ": an answer to no request of ours (id " + id + "); ignored");
            return;
        }
        JsonNode error = message.get("error");
        if (error != null && !error.isNull()) {
            waiting.completeExceptionally(new AcpException(error.path("code").asInt(AcpException.INTERNAL_ERROR),
                    error.path("message").asText("the client answered with an error")));
        } else {
            waiting.complete(message.has("result") ? message.get("result") : NullNode.instance);
        }
    }

    /** Sends a request to the client; the future completes with its result or fails with its error. */
    public CompletableFuture<JsonNode> request(String method, ObjectNode params) {
        long id = nextId.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        outgoing.put(id, answer);
        ObjectNode message = envelope(NODES.numberNode(id));
        message.put("method", method);
        message.set("params", params);
        send(message);
        return answer;
    }

    /** Takes back a request the client has not answered: {@code $/cancel_request}, and no later answer counts. */
    public void withdraw(CompletableFuture<JsonNode> request) {
        outgoing.forEach((id, waiting) -> {
            if (waiting == request && outgoing.remove(id, waiting)) {
                ObjectNode params = NODES.objectNode().put("requestId", id);
                notify("$/cancel_request", params);
            }
        });
    }

    public void notify(String method, ObjectNode params) {
        ObjectNode message = NODES.objectNode().put("jsonrpc", "2.0");
        message.put("method", method);
        message.set("params", params);
        send(message);
    }

    private void error(JsonNode id, int code, String text) {
        ObjectNode reply = envelope(id);
        reply.putObject("error").put("code", code).put("message", text);
        send(reply);
    }

    private static ObjectNode envelope(JsonNode id) {
        ObjectNode message = NODES.objectNode().put("jsonrpc", "2.0");
        message.set("id", id);
        return message;
    }

    private void send(ObjectNode message) {
        try {
            byte[] bytes = json.writeValueAsBytes(message);
            synchronized (out) {
                out.write(bytes);
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            log.println("agentls acp: cannot write to the client: " + e.getMessage());
        }
    }
}
