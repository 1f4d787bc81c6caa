package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.sse.SseEvent;
import java.io.IOException;
import java.util.Optional;

/**
 * Reads one Chat Completions stream. Tolerates what compatible servers do differently: {@code [DONE]} missing (the
 * end of the stream after a {@code finish_reason} is a whole answer; without one it is a cut), usage absent or in a
 * chunk with empty {@code choices}, {@code reasoning_content} (DeepSeek, Qwen, vLLM) or {@code reasoning} (Ollama)
 * as thinking, and tool calls without {@code index} or arriving whole in one chunk (see {@link ToolCallAssembler}).
 * A chunk carrying {@code error} (some servers report failures mid-stream that way) fails the round.
 *
 * <p>An OpenAI refusal ({@code delta.refusal}) is streamed as answer text, so the user reads why, and the answer
 * ends {@link FinishReason#CONTENT_FILTER} (the provider's own reason, {@code stop}, kept beside it). Some servers
 * (OpenRouter, Kimi) repeat the {@code finish_reason} in a further chunk that carries the usage: the tool calls
 * complete at the first one only. A {@code length} stop in the middle of a tool call leaves arguments that are not
 * JSON: that call never completes (see {@link ToolCallAssembler#completeAll}).
 */
final class OpenAiStreamDecoder implements StreamDecoder {

    /** Where a tool call's arguments sit in a chunk, for the exact text of arguments sent as an object. */
    private static final JsonPointer ARGUMENTS = JsonPointer.compile("/choices/0/delta/tool_calls");
    private static final JsonPointer FUNCTION_ARGUMENTS = JsonPointer.compile("/function/arguments");

    private final ObjectMapper json;
    private final EventSink sink;
    private final WireProtocol protocol;
    private final ToolCallAssembler calls;
    private final StringBuilder text = new StringBuilder();
    private String finishReason;
    private boolean refused;
    private TokenUsage usage;
    private boolean done;

    OpenAiStreamDecoder(ObjectMapper json, EventSink sink, WireProtocol protocol) {
        this.json = json;
        this.sink = sink;
        this.protocol = protocol;
        this.calls = new ToolCallAssembler(json, sink);
    }

    @Override
    public void onEvent(SseEvent event) throws FailureException {
        String data = event.data();
        if (data.strip().equals("[DONE]")) {
            done = true;
            return;
        }
        JsonNode chunk;
        try {
            chunk = json.readTree(data);
        } catch (IOException e) {
            throw new FailureException(new ModelFailure.ProtocolError("a stream event is not valid JSON: "
                    + ErrorBodies.shorten(data)));
        }
        if (!chunk.isObject()) {
            throw new FailureException(new ModelFailure.ProtocolError("a stream event is not a JSON object: "
                    + ErrorBodies.shorten(data)));
        }
        if (chunk.hasNonNull("error")) {
            throw new FailureException(protocol.errorFailure(0, data, Optional.empty()));
        }
        JsonNode usageNode = chunk.get("usage");
        if (usageNode != null && usageNode.isObject()) {
            usage = usage(usageNode);
        }
        JsonNode choices = chunk.get("choices");
        if (choices == null || !choices.isArray() || choices.isEmpty()) {
            return;
        }
        JsonNode choice = choices.get(0);
        JsonNode delta = choice.path("delta");
        String thinking = firstText(delta, "reasoning_content", "reasoning");
        if (!thinking.isEmpty()) {
            sink.accept(new ModelEvent.ThinkingDelta(thinking));
        }
        emitText(delta.path("content").isTextual() ? delta.get("content").asText() : "");
        String refusal = delta.path("refusal").isTextual() ? delta.get("refusal").asText() : "";
        if (!refusal.isEmpty()) {
            refused = true;
            emitText(refusal);
        }
        JsonNode toolCalls = delta.get("tool_calls");
        if (toolCalls != null && toolCalls.isArray()) {
            for (int i = 0; i < toolCalls.size(); i++) {
                int index = i;
                calls.accept(toolCalls.get(i), () -> WireJson.compactAt(json, data,
                        ARGUMENTS.appendIndex(index).append(FUNCTION_ARGUMENTS)).orElse(""));
            }
        }
        JsonNode reason = choice.get("finish_reason");
        if (reason != null && reason.isTextual() && !reason.asText().isEmpty()) {
            boolean first = finishReason == null;
            finishReason = reason.asText();
            if (first) {
                calls.completeAll(isLength(finishReason));
            }
        }
    }

    private void emitText(String delta) throws FailureException {
        if (!delta.isEmpty()) {
            text.append(delta);
            sink.accept(new ModelEvent.TextDelta(delta));
        }
    }

    private static boolean isLength(String reason) {
        return reason.equals("length") || reason.equals("max_tokens");
    }

    @Override
    public boolean isComplete() {
        return done;
    }

    @Override
    public RoundEnd finish(boolean cutMidEvent) throws FailureException {
        if (finishReason == null) {
            String open = calls.describeOpen();
            throw new FailureException(new ModelFailure.StreamCut("the stream ended without a finish_reason"
                    + (cutMidEvent ? ", in the middle of an event" : "") + (open.isEmpty() ? "" : "; " + open)));
        }
        FinishReason reason = switch (finishReason) {
            case "stop", "eos", "end_turn" -> calls.madeAny() ? FinishReason.TOOL_CALLS : FinishReason.STOP;
            case "tool_calls", "function_call" -> FinishReason.TOOL_CALLS;
            case "length", "max_tokens" -> FinishReason.LENGTH;
            case "content_filter" -> FinishReason.CONTENT_FILTER;
            default -> calls.madeAny() ? FinishReason.TOOL_CALLS : FinishReason.OTHER;
        };
        if (refused && reason == FinishReason.STOP) {
            reason = FinishReason.CONTENT_FILTER;
        }
        return new RoundEnd(reason, finishReason, Optional.ofNullable(usage), text.toString(), calls.madeAny());
    }

    private static TokenUsage usage(JsonNode node) {
        long input = node.path("prompt_tokens").asLong(0);
        long output = node.path("completion_tokens").asLong(0);
        long cached = node.path("prompt_tokens_details").path("cached_tokens").asLong(0);
        if (cached == 0) {
            cached = node.path("prompt_cache_hit_tokens").asLong(0);
        }
        return new TokenUsage(Math.max(0, input), Math.max(0, output), Math.max(0, Math.min(cached, input)));
    }

    private static String firstText(JsonNode delta, String... fields) {
        for (String field : fields) {
            JsonNode node = delta.get(field);
            if (node != null && node.isTextual() && !node.asText().isEmpty()) {
                return node.asText();
            }
        }
        return "";
    }
}
