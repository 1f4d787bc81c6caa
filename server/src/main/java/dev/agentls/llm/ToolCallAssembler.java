package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Assembles streamed {@code tool_calls} deltas into whole calls. A delta belongs to the call with its {@code index};
 * without an index (Ollama, some llama.cpp builds) to the call with its {@code id}, and with neither to the call most
 * recently started. A call is announced once both its name and id are known (an id the server never sends is made
 * up from the position), argument fragments are passed on as they come, and every call completes when the choice
 * gets its {@code finish_reason}. A call without a name by then completes with the empty name (the tools answer
 * the model that it named none); a call still open when the stream ends is an error. When the output limit ended
 * the choice ({@code length}), a call whose arguments are not a whole JSON object was cut while being written: it
 * is announced but never completed, so nobody runs half a call.
 */
final class ToolCallAssembler {

    private final ObjectMapper json;
    private final EventSink sink;
    private final Map<Integer, Call> byIndex = new LinkedHashMap<>();
    private final Map<String, Call> byId = new HashMap<>();
    private final List<Call> order = new ArrayList<>();
    private boolean completed;

    ToolCallAssembler(ObjectMapper json, EventSink sink) {
        this.json = json;
        this.sink = sink;
    }

    /**
     * One delta; {@code argumentsAsWritten} gives the compact text of arguments the server sent as an object rather
     * than a string, its numbers as written (a tree would rewrite {@code 1e2} as {@code 1E+2}).
     */
    void accept(JsonNode delta, Supplier<String> argumentsAsWritten) throws FailureException {
        if (completed) {
            throw new FailureException(new ModelFailure.ProtocolError("a tool call delta came after the finish_reason"));
        }
        Call call = find(delta);
        String id = text(delta.get("id"));
        if (!id.isEmpty() && call.id == null) {
            call.id = id;
            byId.put(id, call);
        }
        JsonNode function = delta.path("function");
        String name = text(function.get("name"));
        if (!name.isEmpty()) {
            call.name = call.name == null ? name : call.name;
        }
        String fragment = argumentsText(function.get("arguments"), argumentsAsWritten);
        if (!fragment.isEmpty()) {
            call.arguments.append(fragment);
            call.pending.append(fragment);
        }
        announce(call);
    }

    /**
     * The choice finished: every call is whole, except, when {@code cutByLength}, those whose arguments are not a JSON
     * object (the limit cut them mid-write). Called once per choice.
     */
    void completeAll(boolean cutByLength) throws FailureException {
        completed = true;
        for (Call call : order) {
            if (call.name == null) {
                // The model's mistake, not the stream's: completed nameless, the tool set tells the model.
                call.name = "";
            }
            if (call.id == null) {
                call.id = "call_" + call.position;
            }
            announce(call);
            String args = call.arguments.toString();
            if (cutByLength && !isJsonObject(args)) {
                continue;
            }
            sink.accept(new ModelEvent.ToolCallCompleted(call.id, call.name, args.isBlank() ? "{}" : args));
        }
    }

    private boolean isJsonObject(String text) {
        return WireJson.compactObject(json, text).isPresent();
    }

    boolean madeAny() {
        return !order.isEmpty();
    }

    /** The calls left unfinished, for the message of a cut stream ("" when none). */
    String describeOpen() {
        if (completed || order.isEmpty()) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (Call call : order) {
            names.add((call.name == null ? "?" : call.name) + " (" + (call.id == null ? "no id" : call.id) + ")");
        }
        return "tool call left unfinished: " + String.join(", ", names);
    }

    private Call find(JsonNode delta) {
        JsonNode index = delta.get("index");
        if (index != null && index.isIntegralNumber()) {
            return byIndex.computeIfAbsent(index.asInt(), i -> newCall());
        }
        String id = text(delta.get("id"));
        if (!id.isEmpty()) {
            Call known = byId.get(id);
            return known != null ? known : newCall();
        }
        boolean named = !text(delta.path("function").get("name")).isEmpty();
        if (order.isEmpty() || named && order.get(order.size() - 1).name != null) {
            return newCall();
        }
        return order.get(order.size() - 1);
    }

    private Call newCall() {
        Call call = new Call(order.size());
        order.add(call);
        return call;
    }

    private void announce(Call call) throws FailureException {
        if (!call.started && call.name != null && call.id != null) {
            call.started = true;
            sink.accept(new ModelEvent.ToolCallStarted(call.id, call.name));
        }
        if (call.started && call.pending.length() > 0) {
            sink.accept(new ModelEvent.ToolCallArgumentsDelta(call.id, call.pending.toString()));
            call.pending.setLength(0);
        }
    }

    /** Arguments are a JSON string by the spec; some servers send the object itself. */
    private static String argumentsText(JsonNode node, Supplier<String> asWritten) {
        if (node == null || node.isNull()) {
            return "";
        }
        return node.isTextual() ? node.asText() : asWritten.get();
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.asText() : "";
    }

    private static final class Call {
        final int position;
        String id;
        String name;
        boolean started;
        final StringBuilder arguments = new StringBuilder();
        final StringBuilder pending = new StringBuilder();

        Call(int position) {
            this.position = position;
        }
    }
}
