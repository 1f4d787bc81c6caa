package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.sse.SseEvent;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one Messages stream: {@code message_start} (input usage), {@code content_block_start/delta/stop} for text,
 * thinking (with {@code signature_delta}), redacted thinking (its opaque {@code data} whole in the block's start) and
 * {@code tool_use} (with {@code input_json_delta}), {@code message_delta} (stop reason, output usage),
 * {@code message_stop}, {@code ping} and {@code error}. Block kinds it does not know (server tools, citations) are
 * skipped, as the API's versioning policy asks of clients. Refuses what would corrupt the reasoning it must send back
 * later: a redacted block without data, a signature that is not text or does not belong to a thinking block. The
 * stream is whole once {@code message_stop} came, or at its end after a {@code message_delta} with a stop reason.
 * A {@code max_tokens} stop inside a tool call is an answer cut by the output limit: the half-written call is
 * announced but never completed, and the answer ends {@link FinishReason#LENGTH}.
 */
final class AnthropicStreamDecoder implements StreamDecoder {

    private final ObjectMapper json;
    private final EventSink sink;
    private final WireProtocol protocol;
    private final Map<Integer, Block> open = new HashMap<>();
    private final StringBuilder text = new StringBuilder();
    private boolean madeToolCalls;
    private boolean started;
    private String stopReason;
    private long input;
    private long cached;
    private long output;
    private boolean sawUsage;
    private boolean done;

    AnthropicStreamDecoder(ObjectMapper json, EventSink sink, WireProtocol protocol) {
        this.json = json;
        this.sink = sink;
        this.protocol = protocol;
    }

    @Override
    public void onEvent(SseEvent event) throws FailureException {
        JsonNode data;
        try {
            data = json.readTree(event.data());
        } catch (IOException e) {
            throw protocolError("a stream event is not valid JSON: " + ErrorBodies.shorten(event.data()));
        }
        if (!data.isObject()) {
            throw protocolError("a stream event is not a JSON object: " + ErrorBodies.shorten(event.data()));
        }
        String type = data.path("type").asText(event.type());
        switch (type) {
            case "message_start" -> {
                started = true;
                readUsage(data.path("message").path("usage"));
            }
            case "content_block_start" -> startBlock(data.path("index").asInt(-1), data.path("content_block"));
            case "content_block_delta" -> delta(block(data), data.path("delta"));
            case "content_block_stop" -> stopBlock(data.path("index").asInt(-1));
            case "message_delta" -> {
                JsonNode reason = data.path("delta").path("stop_reason");
                if (reason.isTextual()) {
                    stopReason = reason.asText();
                }
                readUsage(data.path("usage"));
            }
            case "message_stop" -> done = true;
            case "error" -> throw new FailureException(protocol.errorFailure(0, event.data(), Optional.empty()));
            default -> { } // ping, and event types added after this client was written
        }
    }

    private void startBlock(int index, JsonNode block) throws FailureException {
        if (!started) {
            throw protocolError("content_block_start before message_start");
        }
        String kind = block.path("type").asText("");
        Block b = new Block(kind, block.path("id").asText(""), block.path("name").asText(""));
        if (open.putIfAbsent(index, b) != null) {
            throw protocolError("content block " + index + " started twice");
        }
        switch (kind) {
            case "text" -> emitText(block.path("text").asText(""));
            case "thinking" -> {
                String thinking = block.path("thinking").asText("");
                if (!thinking.isEmpty()) {
                    sink.accept(new ModelEvent.ThinkingDelta(thinking));
                }
            }
            case "redacted_thinking" -> {
                JsonNode data = block.get("data");
                if (data == null || !data.isTextual() || data.asText().isEmpty()) {
                    // Never echo the value: it may be huge, and it is opaque anyway.
                    throw protocolError("redacted_thinking block " + index + " has no data (expected a non-empty"
                            + " string, got " + describe(data) + ")");
                }
                sink.accept(new ModelEvent.RedactedThinking(data.asText()));
            }
            case "tool_use" -> {
                if (b.id.isEmpty()) {
                    throw protocolError("tool_use block " + index + " has no id");
                }
                // A nameless call is the model's mistake: it completes with the empty name and the tools say so.
                madeToolCalls = true;
                sink.accept(new ModelEvent.ToolCallStarted(b.id, b.name));
            }
            default -> { }
        }
    }

    private void delta(Block block, JsonNode delta) throws FailureException {
        switch (delta.path("type").asText("")) {
            case "text_delta" -> emitText(delta.path("text").asText(""));
            case "thinking_delta" -> {
                String thinking = delta.path("thinking").asText("");
                if (!thinking.isEmpty()) {
                    sink.accept(new ModelEvent.ThinkingDelta(thinking));
                }
            }
            case "signature_delta" -> {
                JsonNode signature = delta.get("signature");
                if (!block.kind.equals("thinking")) {
                    throw protocolError("signature_delta for a " + kindName(block) + " block");
                }
                if (signature == null || !signature.isTextual()) {
                    throw protocolError("signature_delta without a signature (expected a string, got "
                            + describe(signature) + ")");
                }
                sink.accept(new ModelEvent.ThinkingSignature(signature.asText()));
            }
            case "input_json_delta" -> {
                if (!block.kind.equals("tool_use")) {
                    throw protocolError("input_json_delta for a " + block.kind + " block");
                }
                String fragment = delta.path("partial_json").asText("");
                if (!fragment.isEmpty()) {
                    block.arguments.append(fragment);
                    sink.accept(new ModelEvent.ToolCallArgumentsDelta(block.id, fragment));
                }
            }
            default -> { }
        }
    }

    private void stopBlock(int index) throws FailureException {
        Block block = open.remove(index);
        if (block == null) {
            throw protocolError("content_block_stop for block " + index + ", which is not open");
        }
        if (block.kind.equals("tool_use")) {
            String args = block.arguments.toString();
            sink.accept(new ModelEvent.ToolCallCompleted(block.id, block.name, args.isBlank() ? "{}" : args));
        }
    }

    private Block block(JsonNode data) throws FailureException {
        int index = data.path("index").asInt(-1);
        Block block = open.get(index);
        if (block == null) {
            throw protocolError("content_block_delta for block " + index + ", which is not open");
        }
        return block;
    }

    private void emitText(String delta) throws FailureException {
        if (!delta.isEmpty()) {
            text.append(delta);
            sink.accept(new ModelEvent.TextDelta(delta));
        }
    }

    /** Anthropic's input_tokens exclude cache reads and writes; ours include them, cached being the reads. */
    private void readUsage(JsonNode usage) {
        if (!usage.isObject()) {
            return;
        }
        sawUsage = true;
        if (usage.has("input_tokens")) {
            long read = usage.path("cache_read_input_tokens").asLong(0);
            input = usage.path("input_tokens").asLong(0) + read + usage.path("cache_creation_input_tokens").asLong(0);
            cached = read;
        }
        if (usage.has("output_tokens")) {
            output = usage.path("output_tokens").asLong(0);
        }
    }

    @Override
    public boolean isComplete() {
        return done;
    }

    @Override
    public RoundEnd finish(boolean cutMidEvent) throws FailureException {
        List<Block> openCalls = open.values().stream().filter(b -> b.kind.equals("tool_use")).toList();
        if (stopReason == null) {
            StringBuilder why = new StringBuilder(done ? "message_stop came without a stop_reason"
                    : "the stream ended before message_stop");
            if (cutMidEvent) {
                why.append(", in the middle of an event");
            }
            throw new FailureException(new ModelFailure.StreamCut(why + describe(openCalls)));
        }
        FinishReason reason = switch (stopReason) {
            case "end_turn", "stop_sequence" -> FinishReason.STOP;
            case "tool_use" -> FinishReason.TOOL_CALLS;
            case "max_tokens", "model_context_window_exceeded" -> FinishReason.LENGTH;
            case "refusal" -> FinishReason.CONTENT_FILTER;
            default -> FinishReason.OTHER;
        };
        // The output limit may stop the answer inside a tool call (no content_block_stop): that call was cut while
        // being written and never completes, and the answer ends LENGTH. Any other stop with a call still open is a
        // stream that lost the end of that call.
        if (!openCalls.isEmpty() && reason != FinishReason.LENGTH) {
            throw new FailureException(new ModelFailure.StreamCut("stop_reason " + ErrorBodies.shorten(stopReason)
                    + " came while a tool call was still open" + describe(openCalls)));
        }
        Optional<TokenUsage> usage = sawUsage ? Optional.of(new TokenUsage(input, output, cached)) : Optional.empty();
        return new RoundEnd(reason, stopReason, usage, text.toString(), madeToolCalls);
    }

    private static String describe(List<Block> openCalls) {
        StringBuilder why = new StringBuilder();
        openCalls.forEach(b -> why.append("; tool call left unfinished: ").append(b.name).append(" (").append(b.id)
                .append(')'));
        return why.toString();
    }

    /** A JSON value's kind for a message ("none" when absent), never the value itself. */
    private static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "none";
        }
        return node.isTextual() ? "an empty string" : node.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    private static String kindName(Block block) {
        return block.kind.isEmpty() ? "typeless" : ErrorBodies.shorten(block.kind);
    }

    private static FailureException protocolError(String detail) {
        return new FailureException(new ModelFailure.ProtocolError(detail));
    }

    private static final class Block {
        final String kind;
        final String id;
        final String name;
        final StringBuilder arguments = new StringBuilder();

        Block(String kind, String id, String name) {
            this.kind = kind;
            this.id = id;
            this.name = name;
        }
    }
}
