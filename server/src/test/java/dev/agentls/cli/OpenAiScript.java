package dev.agentls.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.llm.replay.Transcript;
import dev.agentls.llm.replay.TranscriptReader;
import java.util.ArrayList;
import java.util.List;

/**
 * A scripted OpenAI-compatible model for CLI tests, written in the replay transcript format ({@code agentls
 * replay-model} reads the same lines): each answer streams its text, then its tool calls, a finish reason and usage.
 */
final class OpenAiScript {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<String> lines = new ArrayList<>();
    private int ids;

    /** An answer: optional text, then one tool call per name and arguments pair. */
    OpenAiScript answer(String text, String... namesAndArguments) {
        return answer(text, 0, namesAndArguments);
    }

    /** As {@link #answer(String, String...)}, waiting {@code pauseMillis} after the text (time to cancel). */
    OpenAiScript answer(String text, long pauseMillis, String... namesAndArguments) {
        lines.add("{\"type\":\"response\"}");
        if (!text.isEmpty()) {
            lines.add(sse(delta(d -> d.put("content", text)), 0));
        }
        for (int i = 0; i < namesAndArguments.length; i += 2) {
            int index = i / 2;
            String name = namesAndArguments[i];
            String arguments = namesAndArguments[i + 1];
            String id = "call_" + (++ids);
            lines.add(sse(delta(d -> {
                ObjectNode call = d.putArray("tool_calls").addObject();
                call.put("index", index).put("id", id).put("type", "function");
                call.putObject("function").put("name", name).put("arguments", arguments);
            }), i == 0 ? pauseMillis : 0));
        }
        ObjectNode finish = JSON.createObjectNode();
        ObjectNode choice = finish.putArray("choices").addObject();
        choice.put("index", 0).putObject("delta");
        choice.put("finish_reason", namesAndArguments.length == 0 ? "stop" : "tool_calls");
        lines.add(sse(finish, namesAndArguments.length == 0 ? pauseMillis : 0));
        ObjectNode usage = JSON.createObjectNode();
        usage.putArray("choices");
        usage.putObject("usage").put("prompt_tokens", 100).put("completion_tokens", 20);
        lines.add(sse(usage, 0));
        lines.add("{\"type\":\"raw\",\"text\":\"data: [DONE]\\n\\n\"}");
        return this;
    }

    /** As {@link #answer(String, String...)}, its headers sent only after {@code silenceMillis} (a model thinking). */
    OpenAiScript answerAfter(long silenceMillis, String text, String... namesAndArguments) {
        int response = lines.size();
        answer(text, 0, namesAndArguments);
        lines.set(response, "{\"type\":\"response\",\"delayMs\":" + silenceMillis + "}");
        return this;
    }

    /** An answer cut by the output limit ({@code finish_reason: length}) while writing a tool call's arguments. */
    OpenAiScript cutCall(String name, String partialArguments) {
        lines.add("{\"type\":\"response\"}");
        String id = "call_" + (++ids);
        lines.add(sse(delta(d -> {
            ObjectNode call = d.putArray("tool_calls").addObject();
            call.put("index", 0).put("id", id).put("type", "function");
            call.putObject("function").put("name", name).put("arguments", partialArguments);
        }), 0));
        ObjectNode finish = JSON.createObjectNode();
        ObjectNode choice = finish.putArray("choices").addObject();
        choice.put("index", 0).putObject("delta");
        choice.put("finish_reason", "length");
        lines.add(sse(finish, 0));
        lines.add("{\"type\":\"raw\",\"text\":\"data: [DONE]\\n\\n\"}");
        return this;
    }

    /** A refusal: this HTTP status with an OpenAI error body. */
    OpenAiScript error(int status, String message) {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("error").put("message", message).put("type", "invalid_request_error");
        lines.add("{\"type\":\"response\",\"status\":" + status + ",\"headers\":{\"Content-Type\":\"application/json\"}}");
        lines.add(JSON.createObjectNode().put("type", "raw").put("text", body.toString()).toString());
        return this;
    }

    String text() {
        return String.join("\n", lines) + "\n";
    }

    Transcript transcript() throws Exception {
        return new TranscriptReader().parse(text(), "script");
    }

    static String arguments(String... namesAndValues) {
        ObjectNode node = JSON.createObjectNode();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            String value = namesAndValues[i + 1];
            if (value.equals("true") || value.equals("false")) {
                node.put(namesAndValues[i], Boolean.parseBoolean(value));
            } else {
                node.put(namesAndValues[i], value);
            }
        }
        return node.toString();
    }

    private static ObjectNode delta(java.util.function.Consumer<ObjectNode> fill) {
        ObjectNode chunk = JSON.createObjectNode();
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        fill.accept(choice.putObject("delta"));
        choice.putNull("finish_reason");
        return chunk;
    }

    private static String sse(ObjectNode data, long delayMillis) {
        ObjectNode line = JSON.createObjectNode().put("type", "sse");
        if (delayMillis > 0) {
            line.put("delayMs", delayMillis);
        }
        line.set("data", data);
        return line.toString();
    }
}
