package dev.agentls.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.llm.replay.Transcript;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scripted model for agent tests: the exact SSE answers of one provider (OpenAI-compatible or Anthropic) in one tool
 * mode (native tool calls, or XML tags in the text), in order, for {@code ReplayServer} to serve one per request.
 * Every answer reports 100 input and 20 output tokens unless told otherwise.
 */
final class ModelScript {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A tool call the model makes: its name and its arguments as JSON text. */
    record Call(String name, String arguments) {}

    final Provider provider;
    final ToolMode toolMode;
    private final List<Transcript.Response> responses = new ArrayList<>();
    private int ids;
    private long input = 100;
    private long output = 20;

    ModelScript(Provider provider, ToolMode toolMode) {
        this.provider = provider;
        this.toolMode = toolMode;
    }

    static Call call(String name, Object... namesAndValues) {
        ObjectNode arguments = JSON.createObjectNode();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            arguments.set((String) namesAndValues[i], JSON.valueToTree(namesAndValues[i + 1]));
        }
        return new Call(name, arguments.toString());
    }

    /** The tokens the following answers report. */
    ModelScript usage(long input, long output) {
        this.input = input;
        this.output = output;
        return this;
    }

    /** An answer that is only text. */
    ModelScript text(String text) {
        return answer(text, List.of(), 0, false);
    }

    /** An answer with optional text and these tool calls. */
    ModelScript calls(String text, Call... calls) {
        return answer(text, List.of(calls), 0, false);
    }

    /** An answer whose text streams, then waits {@code pauseMillis} before going on: time to cancel mid-stream. */
    ModelScript pausingText(String text, long pauseMillis) {
        return answer(text, List.of(), pauseMillis, false);
    }

    /** An answer that thinks first (OpenAI-compatible {@code reasoning_content}, Anthropic thinking), then speaks. */
    ModelScript thinkingThenText(String thinking, String text) {
        List<Transcript.Part> parts = new ArrayList<>();
        if (provider == Provider.ANTHROPIC) {
            List<Transcript.Part> answer = anthropic(text, List.of(), 0, false);
            ObjectNode block = JSON.createObjectNode().put("type", "thinking").put("thinking", "");
            ObjectNode delta = JSON.createObjectNode().put("type", "content_block_delta").put("index", 0);
            delta.putObject("delta").put("type", "thinking_delta").put("thinking", thinking);
            ObjectNode signature = JSON.createObjectNode().put("type", "content_block_delta").put("index", 0);
            signature.putObject("delta").put("type", "signature_delta").put("signature", "sig");
            parts.add(answer.get(0));
            parts.add(event("content_block_start", block(0, block), 0));
            parts.add(event("content_block_delta", delta, 0));
            parts.add(event("content_block_delta", signature, 0));
            parts.add(event("content_block_stop", JSON.createObjectNode().put("type", "content_block_stop")
                    .put("index", 0), 0));
            // The text block moves to index 1.
            for (Transcript.Part part : answer.subList(1, answer.size())) {
                String bytes = ((Transcript.Part.Bytes) part).text().replace("\"index\":0", "\"index\":1");
                parts.add(new Transcript.Part.Bytes(bytes, 0));
            }
        } else {
            parts.add(data(openAiDelta(d -> d.put("reasoning_content", thinking)), 0));
            parts.addAll(openai(text, List.of(), 0, false));
        }
        responses.add(new Transcript.Response(200, Map.of("Content-Type", "text/event-stream"), 0, parts));
        return this;
    }

    /** An answer with one native tool call whose arguments are this raw text (not necessarily JSON). */
    ModelScript rawCall(String name, String arguments) {
        List<Call> calls = List.of(new Call(name, arguments));
        List<Transcript.Part> parts = provider == Provider.ANTHROPIC ? anthropic("", calls, 0, false)
                : openai("", calls, 0, false);
        responses.add(new Transcript.Response(200, Map.of("Content-Type", "text/event-stream"), 0, parts));
        return this;
    }

    /** An answer cut mid-stream: the connection closes after its first text. */
    ModelScript cutAfter(String text) {
        return answer(text, List.of(), 0, true);
    }

    /** A refusal with this HTTP status and body (an error object in the provider's form). */
    ModelScript error(int status, String message) {
        ObjectNode body = JSON.createObjectNode();
        ObjectNode error = body.putObject("error");
        error.put("message", message);
        error.put("type", status == 429 ? "rate_limit_error" : status >= 500 ? "api_error" : "invalid_request_error");
        if (provider == Provider.ANTHROPIC) {
            body.put("type", "error");
        }
        responses.add(new Transcript.Response(status, Map.of("Content-Type", "application/json"), 0,
                List.of(new Transcript.Part.Bytes(body.toString(), 0))));
        return this;
    }

    Transcript transcript() {
        return new Transcript(responses);
    }

    int size() {
        return responses.size();
    }

    private ModelScript answer(String text, List<Call> calls, long pauseMillis, boolean cut) {
        String visible = text;
        List<Call> nativeCalls = calls;
        if (toolMode == ToolMode.XML && !calls.isEmpty()) {
            StringBuilder all = new StringBuilder(text);
            for (Call call : calls) {
                all.append(all.length() == 0 ? "" : "\n").append(xml(call));
            }
            visible = all.toString();
            nativeCalls = List.of();
        }
        List<Transcript.Part> parts = provider == Provider.ANTHROPIC
                ? anthropic(visible, nativeCalls, pauseMillis, cut) : openai(visible, nativeCalls, pauseMillis, cut);
        responses.add(new Transcript.Response(200, Map.of("Content-Type", "text/event-stream"), 0, parts));
        return this;
    }

    private List<Transcript.Part> openai(String text, List<Call> calls, long pause, boolean cut) {
        List<Transcript.Part> parts = new ArrayList<>();
        if (!text.isEmpty()) {
            int half = pause > 0 || cut ? text.length() / 2 : text.length();
            parts.add(data(openAiDelta(d -> d.put("content", text.substring(0, half))), 0));
            if (cut) {
                parts.add(new Transcript.Part.Cut(0));
                return parts;
            }
            if (half < text.length()) {
                parts.add(data(openAiDelta(d -> d.put("content", text.substring(half))), pause));
            }
        }
        for (int i = 0; i < calls.size(); i++) {
            Call call = calls.get(i);
            int index = i;
            String id = "call_" + (++ids);
            parts.add(data(openAiDelta(d -> {
                ObjectNode tool = d.putArray("tool_calls").addObject();
                tool.put("index", index);
                tool.put("id", id);
                tool.put("type", "function");
                tool.putObject("function").put("name", call.name()).put("arguments", call.arguments());
            }), 0));
        }
        ObjectNode finish = JSON.createObjectNode();
        ObjectNode choice = finish.putArray("choices").addObject();
        choice.put("index", 0);
        choice.putObject("delta");
        choice.put("finish_reason", calls.isEmpty() ? "stop" : "tool_calls");
        parts.add(data(finish.toString(), 0));
        ObjectNode usage = JSON.createObjectNode();
        usage.putArray("choices");
        usage.putObject("usage").put("prompt_tokens", input).put("completion_tokens", output);
        parts.add(data(usage.toString(), 0));
        parts.add(new Transcript.Part.Bytes("data: [DONE]\n\n", 0));
        return parts;
    }

    private static String openAiDelta(java.util.function.Consumer<ObjectNode> fill) {
        ObjectNode chunk = JSON.createObjectNode();
        ObjectNode choice = chunk.putArray("choices").addObject();
        choice.put("index", 0);
        fill.accept(choice.putObject("delta"));
        choice.putNull("finish_reason");
        return chunk.toString();
    }

    private List<Transcript.Part> anthropic(String text, List<Call> calls, long pause, boolean cut) {
        List<Transcript.Part> parts = new ArrayList<>();
        ObjectNode start = JSON.createObjectNode().put("type", "message_start");
        start.putObject("message").put("id", "msg_" + (++ids)).putObject("usage").put("input_tokens", input)
                .put("output_tokens", 1);
        parts.add(event("message_start", start, 0));
        int index = 0;
        if (!text.isEmpty()) {
            int half = pause > 0 || cut ? text.length() / 2 : text.length();
            parts.add(event("content_block_start", block(index, JSON.createObjectNode().put("type", "text")
                    .put("text", "")), 0));
            parts.add(event("content_block_delta", textDelta(index, text.substring(0, half)), 0));
            if (cut) {
                parts.add(new Transcript.Part.Cut(0));
                return parts;
            }
            if (half < text.length()) {
                parts.add(event("content_block_delta", textDelta(index, text.substring(half)), pause));
            }
            parts.add(event("content_block_stop", JSON.createObjectNode().put("type", "content_block_stop")
                    .put("index", index), 0));
            index++;
        }
        for (Call call : calls) {
            ObjectNode use = JSON.createObjectNode().put("type", "tool_use").put("id", "toolu_" + (++ids))
                    .put("name", call.name());
            use.putObject("input");
            parts.add(event("content_block_start", block(index, use), 0));
            ObjectNode delta = JSON.createObjectNode().put("type", "content_block_delta").put("index", index);
            delta.putObject("delta").put("type", "input_json_delta").put("partial_json", call.arguments());
            parts.add(event("content_block_delta", delta, 0));
            parts.add(event("content_block_stop", JSON.createObjectNode().put("type", "content_block_stop")
                    .put("index", index), 0));
            index++;
        }
        ObjectNode end = JSON.createObjectNode().put("type", "message_delta");
        end.putObject("delta").put("stop_reason", calls.isEmpty() ? "end_turn" : "tool_use");
        end.putObject("usage").put("output_tokens", output);
        parts.add(event("message_delta", end, 0));
        parts.add(event("message_stop", JSON.createObjectNode().put("type", "message_stop"), 0));
        return parts;
    }

    private static ObjectNode block(int index, ObjectNode content) {
        ObjectNode start = JSON.createObjectNode().put("type", "content_block_start").put("index", index);
        start.set("content_block", content);
        return start;
    }

    private static ObjectNode textDelta(int index, String text) {
        ObjectNode delta = JSON.createObjectNode().put("type", "content_block_delta").put("index", index);
        delta.putObject("delta").put("type", "text_delta").put("text", text);
        return delta;
    }

    private static Transcript.Part data(String json, long delay) {
        return new Transcript.Part.Bytes("data: " + json + "\n\n", delay);
    }

    private static Transcript.Part event(String name, ObjectNode data, long delay) {
        return new Transcript.Part.Bytes("event: " + name + "\ndata: " + data + "\n\n", delay);
    }

    /** The call as XML-mode tags; array values as JSON text, as the tools' examples show. */
    static String xml(Call call) {
        StringBuilder text = new StringBuilder("<").append(call.name()).append(">\n");
        try {
            JSON.readTree(call.arguments()).fields().forEachRemaining(field -> {
                String value = field.getValue().isTextual() ? field.getValue().asText() : field.getValue().toString();
                text.append('<').append(field.getKey()).append('>').append(value).append("</")
                        .append(field.getKey()).append(">\n");
            });
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
        return text.append("</").append(call.name()).append('>').toString();
    }

}
