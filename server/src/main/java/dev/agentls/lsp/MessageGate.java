package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.eclipse.lsp4j.jsonrpc.MessageIssueException;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Message;
import org.eclipse.lsp4j.jsonrpc.messages.MessageIssue;
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage;
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseMessage;

/**
 * Decides what becomes of one received body, before LSP4J sees it: a typed message to deliver, an error answer, or
 * a drop with its reason. It is where JSON-RPC and LSP rules are kept that LSP4J's defaults break: every request with
 * a usable id is answered (ParseError, InvalidRequest, MethodNotFound, InvalidParams, -32002 before
 * {@code initialize}, InvalidRequest after {@code shutdown}); {@code $/} requests and methods the server does not
 * implement are MethodNotFound; params are typed whatever the order of the members. Notifications that cannot be
 * delivered are dropped, as JSON-RPC says, and so is anything without an id to answer.
 */
final class MessageGate {

    /** What becomes of one body. */
    sealed interface Admission {
        /** A well-formed message for LSP4J's endpoint. */
        record Deliver(Message message) implements Admission {}

        /** A response to one of our requests that does not fit it: LSP4J fails that request with these issues. */
        record DeliverIssues(Message message, List<MessageIssue> issues) implements Admission {}

        /** An error answer for a request that cannot be delivered. */
        record Answer(ResponseMessage response) implements Admission {}

        /** Nothing to deliver and no id to answer; {@code why} goes to the log. */
        record Drop(String why) implements Admission {}
    }

    static final String INITIALIZE = "initialize";
    static final String EXIT = "exit";
    static final String INITIALIZED = "initialized";

    private final MessageJsonHandler json;
    private final ParamsReader params;
    private final Supplier<Lifecycle> lifecycle;
    private final Set<String> implemented;

    MessageGate(MessageJsonHandler json, Supplier<Lifecycle> lifecycle, Set<String> implemented) {
        this.json = json;
        this.params = new ParamsReader(json.getGson());
        this.lifecycle = lifecycle;
        this.implemented = implemented;
    }

    Admission admit(String body) {
        JsonElement tree;
        try {
            tree = parseStrictly(body);
        } catch (JsonParseException | IOException | IllegalStateException e) {
            return answerOrDrop(TopLevelId.find(body), ResponseErrorCode.ParseError,
                    "the message could not be parsed as JSON: " + JsonProblems.describe(e));
        }
        if (!tree.isJsonObject()) {
            return new Admission.Drop("a JSON-RPC message is one JSON object; got " + ParamsReader.describe(tree)
                    + (tree.isJsonArray() ? " (LSP has no batches)" : ""));
        }
        JsonObject message = tree.getAsJsonObject();
        JsonElement rawId = message.get("id");
        Optional<Either<String, Number>> id = idOf(rawId);
        if (rawId != null && !rawId.isJsonNull() && id.isEmpty()) {
            return new Admission.Drop("the id must be a string or a number; got " + ParamsReader.describe(rawId));
        }
        JsonElement rawMethod = message.get("method");
        if (rawMethod != null && !isString(rawMethod)) {
            return answerOrDrop(id, ResponseErrorCode.InvalidRequest,
                    "the method must be a string; got " + ParamsReader.describe(rawMethod));
        }
        JsonElement version = message.get("jsonrpc");
        if (!(isString(version) && version.getAsString().equals("2.0"))) {
            return answerOrDrop(id, ResponseErrorCode.InvalidRequest, "'jsonrpc' must be \"2.0\"; got "
                    + (isString(version) ? "\"" + Echo.bounded(version.getAsString()) + "\"" : ParamsReader.describe(version)));
        }
        if (rawMethod == null) {
            return id.isPresent() ? response(message) : new Admission.Drop("a message with neither a method nor an id");
        }
        String method = rawMethod.getAsString();
        return id.isPresent() ? request(id.get(), method, message.get("params"))
                : notification(method, message.get("params"));
    }

    private Admission request(Either<String, Number> id, String method, JsonElement rawParams) {
        String named = "'" + Echo.bounded(method) + "'";
        Lifecycle state = lifecycle.get();
        if (method.equals(INITIALIZE) && state != Lifecycle.AWAITING_INITIALIZE) {
            return answer(id, ResponseErrorCode.InvalidRequest,
                    "'initialize' was already answered; LSP sends it once per connection");
        }
        if (!method.equals(INITIALIZE) && state == Lifecycle.AWAITING_INITIALIZE) {
            return answer(id, ResponseErrorCode.ServerNotInitialized,
                    "the server is not initialized: " + named + " came before 'initialize'");
        }
        if (state == Lifecycle.SHUT_DOWN) {
            return answer(id, ResponseErrorCode.InvalidRequest,
                    "the server is shut down: " + named + " came after 'shutdown'; only 'exit' may follow");
        }
        JsonRpcMethod rpc = json.getJsonRpcMethod(method);
        if (method.startsWith("$/") || rpc == null || !implemented.contains(method)) {
            return answer(id, ResponseErrorCode.MethodNotFound, "this server does not offer the request " + named);
        }
        if (rpc.isNotification()) {
            return answer(id, ResponseErrorCode.MethodNotFound, named + " is a notification: send it without an id");
        }
        try {
            RequestMessage request = new RequestMessage();
            request.setJsonrpc("2.0");
            request.setRawId(id);
            request.setMethod(method);
            request.setParams(params.read(rpc, rawParams, true));
            return new Admission.Deliver(request);
        } catch (ParamsReader.Mismatch e) {
            return answer(id, ResponseErrorCode.InvalidParams, e.getMessage());
        }
    }

    private Admission notification(String method, JsonElement rawParams) {
        String named = "'" + Echo.bounded(method) + "'";
        Lifecycle state = lifecycle.get();
        if (!method.equals(EXIT) && state != Lifecycle.RUNNING) {
            return new Admission.Drop("the notification " + named + (state == Lifecycle.SHUT_DOWN
                    ? " came after 'shutdown'" : " came before 'initialize'"));
        }
        JsonRpcMethod rpc = json.getJsonRpcMethod(method);
        boolean cancel = method.equals(MessageJsonHandler.CANCEL_METHOD.getMethodName());
        if (rpc == null || !(cancel || implemented.contains(method))) {
            return new Admission.Drop("this server does not handle the notification " + named);
        }
        if (!rpc.isNotification()) {
            return new Admission.Drop(named + " is a request, sent without an id");
        }
        try {
            NotificationMessage notification = new NotificationMessage();
            notification.setJsonrpc("2.0");
            notification.setMethod(method);
            notification.setParams(params.read(rpc, rawParams, !method.equals(INITIALIZED)));
            return new Admission.Deliver(notification);
        } catch (ParamsReader.Mismatch e) {
            return new Admission.Drop(e.getMessage());
        }
    }

    /** An answer to one of our requests: typed by LSP4J, which knows the request's method by its id. */
    private Admission response(JsonObject message) {
        // LSP4J types a result only when the id came before it; put it first.
        JsonObject ordered = new JsonObject();
        ordered.add("jsonrpc", message.get("jsonrpc"));
        ordered.add("id", message.get("id"));
        message.entrySet().stream().filter(e -> !e.getKey().equals("jsonrpc") && !e.getKey().equals("id"))
                .forEach(e -> ordered.add(e.getKey(), e.getValue()));
        try {
            return new Admission.Deliver(json.parseMessage(json.getGson().toJson(ordered)));
        } catch (MessageIssueException e) {
            return e.getRpcMessage() instanceof ResponseMessage
                    ? new Admission.DeliverIssues(e.getRpcMessage(), e.getIssues())
                    : new Admission.Drop("a response that does not fit its request: " + Echo.bounded(e.getMessage()));
        } catch (RuntimeException e) {
            return new Admission.Drop("a response that does not fit its request: " + Echo.bounded(e.getMessage()));
        }
    }

    /** Strict JSON, one value, at most gson's default nesting of 255 levels. */
    private static JsonElement parseStrictly(String body) throws IOException {
        JsonReader reader = new JsonReader(new StringReader(body));
        reader.setStrictness(Strictness.STRICT);
        JsonElement tree = JsonParser.parseReader(reader);
        try {
            if (reader.peek() == JsonToken.END_DOCUMENT) {
                return tree;
            }
        } catch (IOException e) {
            throw new JsonParseException("more text follows the JSON value: " + JsonProblems.describe(e));
        }
        throw new JsonParseException("more text follows the JSON value at " + reader.getPath());
    }

    private static Optional<Either<String, Number>> idOf(JsonElement id) {
        if (id instanceof JsonPrimitive primitive) {
            if (primitive.isString()) {
                return Optional.of(Either.forLeft(primitive.getAsString()));
            }
            if (primitive.isNumber()) {
                return Optional.of(Either.forRight(primitive.getAsNumber()));
            }
        }
        return Optional.empty();
    }

    private static boolean isString(JsonElement element) {
        return element instanceof JsonPrimitive primitive && primitive.isString();
    }

    private static Admission answerOrDrop(Optional<Either<String, Number>> id, ResponseErrorCode code, String why) {
        return id.<Admission>map(present -> answer(present, code, why)).orElseGet(() -> new Admission.Drop(why));
    }

    static Admission.Answer answer(Either<String, Number> id, ResponseErrorCode code, String message) {
        ResponseMessage response = new ResponseMessage();
        response.setJsonrpc("2.0");
        response.setRawId(id);
        response.setError(new ResponseError(code, message, null));
        return new Admission.Answer(response);
    }
}
