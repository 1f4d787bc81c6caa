package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.agentls.llm.replay.Transcript;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The answers of a scripted OpenAI-compatible model for the editor-surface tests, as SSE streams for
 * {@code ReplayServer}: each answer has optional text, then tool calls, a finish reason and usage (100 tokens in,
 * 20 out).
 */
final class ReplayAnswers {

    private final List<Transcript.Response> responses = new ArrayList<>();
    private int calls;

    /** An answer calling {@code tool} with {@code arguments} (name, value pairs; values strings, booleans or lists of strings). */
    ReplayAnswers call(String tool, Object... arguments) {
        return callSaying(null, tool, arguments);
    }

    /** An answer that says {@code text} first (null: nothing), then calls {@code tool} as {@link #call} does. */
    ReplayAnswers callSaying(String text, String tool, Object... arguments) {
        JsonObject args = new JsonObject();
        for (int i = 0; i < arguments.length; i += 2) {
            Object value = arguments[i + 1];
            if (value instanceof List<?> list) {
                JsonArray array = new JsonArray();
                list.forEach(item -> array.add(item.toString()));
                args.add((String) arguments[i], array);
            } else if (value instanceof Boolean flag) {
                args.addProperty((String) arguments[i], flag);
            } else {
                args.addProperty((String) arguments[i], value.toString());
            }
        }
        JsonObject function = new JsonObject();
        function.addProperty("name", tool);
        function.addProperty("arguments", args.toString());
        JsonObject call = new JsonObject();
        call.addProperty("index", 0);
        call.addProperty("id", "call_" + (++calls));
        call.addProperty("type", "function");
        call.add("function", function);
        JsonArray list = new JsonArray();
        list.add(call);
        JsonObject delta = new JsonObject();
        delta.add("tool_calls", list);
        List<JsonObject> chunks = new ArrayList<>();
        if (text != null) {
            JsonObject said = new JsonObject();
            said.addProperty("content", text);
            chunks.add(chunk(said, null));
        }
        chunks.add(chunk(delta, null));
        chunks.add(chunk(new JsonObject(), "tool_calls"));
        return answer(chunks);
    }

    /** An answer that is only text. */
    ReplayAnswers text(String text) {
        JsonObject delta = new JsonObject();
        delta.addProperty("content", text);
        return answer(List.of(chunk(delta, null), chunk(new JsonObject(), "stop")));
    }

    /** The run's last answer: {@code attempt_completion} with {@code result}. */
    ReplayAnswers complete(String result) {
        return call("attempt_completion", "result", result);
    }

    /** The answer added last comes only after {@code millis} (a model still thinking). */
    ReplayAnswers heldFor(long millis) {
        Transcript.Response last = responses.remove(responses.size() - 1);
        responses.add(new Transcript.Response(last.status(), last.headers(), millis, last.parts()));
        return this;
    }

    Transcript transcript() {
        return new Transcript(List.copyOf(responses));
    }

    private ReplayAnswers answer(List<JsonObject> chunks) {
        List<Transcript.Part> parts = new ArrayList<>();
        for (JsonObject chunk : chunks) {
            parts.add(new Transcript.Part.Bytes("data: " + chunk + "\n\n", 0));
        }
        JsonObject usage = new JsonObject();
        usage.add("choices", new JsonArray());
        JsonObject counts = new JsonObject();
        counts.addProperty("prompt_tokens", 100);
        counts.addProperty("completion_tokens", 20);
        usage.add("usage", counts);
        parts.add(new Transcript.Part.Bytes("data: " + usage + "\n\n", 0));
        parts.add(new Transcript.Part.Bytes("data: [DONE]\n\n", 0));
        responses.add(new Transcript.Response(200, Map.of("Content-Type", "text/event-stream"), 0, parts));
        return this;
    }

    private static JsonObject chunk(JsonObject delta, String finish) {
        JsonObject choice = new JsonObject();
        choice.addProperty("index", 0);
        choice.add("delta", delta);
        if (finish == null) {
            choice.add("finish_reason", com.google.gson.JsonNull.INSTANCE);
        } else {
            choice.addProperty("finish_reason", finish);
        }
        JsonArray choices = new JsonArray();
        choices.add(choice);
        JsonObject chunk = new JsonObject();
        chunk.add("choices", choices);
        return chunk;
    }
}
