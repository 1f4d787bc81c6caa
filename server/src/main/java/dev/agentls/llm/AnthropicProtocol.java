package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.Thinking;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Anthropic Messages protocol ({@code POST {baseUrl}/v1/messages}, {@code stream: true}, headers
 * {@code x-api-key} and {@code anthropic-version}). System messages go to the top-level {@code system}; tool results
 * become {@code tool_result} blocks of a user message; consecutive messages of one role are merged into one, since
 * the API wants user and assistant to alternate. An assistant message sends its content blocks back in the order they
 * streamed: signed and redacted thinking unchanged, each in its place among the text and tool calls (the API checks
 * this when a tool result follows, interleaved thinking included); thinking without a signature is left out. A
 * trailing assistant message is a prefill (how continuation works); its trailing whitespace is dropped because the
 * API refuses it.
 *
 * <p>With a thinking budget every request asks for extended thinking ({@code "thinking": {"type": "enabled",
 * "budget_tokens": N}}); the API wants the budget below {@code max_tokens}, so a call whose own output limit leaves no
 * room is refused before it is sent, and it forbids a prefill, so an answer cut by the output limit is not continued.
 * No sampling parameter (temperature, top_k) is ever sent, so none can clash with thinking. Every request carries
 * {@code cache_control} breakpoints on the last tool, the system prompt and the end of the history, so the
 * byte-identical prefix of consecutive steps is read from the prompt cache ({@code cache_read_input_tokens}). The
 * body is written with jackson-core's generator, member by member; where the history's breakpoint goes is decided
 * before writing.
 */
final class AnthropicProtocol implements WireProtocol {

    static final String VERSION = "2023-06-01";

    private final ObjectMapper json;
    private final String baseUrl;
    private final String model;
    private final Thinking thinking;

    AnthropicProtocol(ObjectMapper json, String baseUrl, String model, Thinking thinking) {
        if (thinking instanceof Thinking.Effort) {
            throw new IllegalArgumentException("a reasoning effort is for the OpenAI-compatible protocol");
        }
        this.json = json;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.model = model;
        this.thinking = thinking;
    }

    @Override
    public WireRequest build(ModelRequest request, int maxOutputTokens, String apiKey, boolean withTools) {
        if (thinking instanceof Thinking.Budget budget && maxOutputTokens <= budget.tokens()) {
            throw new IllegalArgumentException("this call's output limit of " + maxOutputTokens + " tokens leaves"
                    + " no room for the thinking budget of " + budget.tokens() + " tokens"
                    + " (agentls.llm.thinkingBudget); Anthropic wants max_tokens above budget_tokens");
        }
        List<JsonNode> schemas = new ArrayList<>();
        if (withTools) {
            for (ToolSpec spec : request.tools()) {
                schemas.add(Schemas.parse(json, spec));
            }
        }
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "text/event-stream");
        headers.put("anthropic-version", VERSION);
        if (!apiKey.isEmpty()) {
            headers.put("x-api-key", apiKey);
        }
        return new WireRequest(endpoint(), headers, Set.of("x-api-key"),
                body(request, maxOutputTokens, schemas));
    }

    @Override
    public String endpoint() {
        return baseUrl + "/v1/messages";
    }

    private String body(ModelRequest request, int maxOutputTokens, List<JsonNode> schemas) {
        StringWriter out = new StringWriter();
        try (JsonGenerator body = json.createGenerator(out)) {
            body.writeStartObject();
            body.writeStringField("model", model);
            body.writeNumberField("max_tokens", maxOutputTokens);
            if (thinking instanceof Thinking.Budget budget) {
                body.writeObjectFieldStart("thinking");
                body.writeStringField("type", "enabled");
                body.writeNumberField("budget_tokens", budget.tokens());
                body.writeEndObject();
            }
            body.writeBooleanField("stream", true);
            List<ModelMessage> all = request.messages();
            List<String> system = new ArrayList<>();
            for (ModelMessage message : all) {
                if (message instanceof ModelMessage.System s) {
                    system.add(s.text());
                }
            }
            if (!system.isEmpty()) {
                body.writeArrayFieldStart("system");
                body.writeStartObject();
                body.writeStringField("type", "text");
                body.writeStringField("text", String.join("\n\n", system));
                cacheBreakpoint(body);
                body.writeEndObject();
                body.writeEndArray();
            }
            messages(body, all, historyBreakpoint(all));
            if (!schemas.isEmpty()) {
                body.writeArrayFieldStart("tools");
                for (int i = 0; i < schemas.size(); i++) {
                    ToolSpec spec = request.tools().get(i);
                    body.writeStartObject();
                    body.writeStringField("name", spec.name());
                    body.writeStringField("description", spec.description());
                    body.writeFieldName("input_schema");
                    body.writeTree(schemas.get(i));
                    if (i == schemas.size() - 1) {
                        cacheBreakpoint(body);
                    }
                    body.writeEndObject();
                }
                body.writeEndArray();
            }
            body.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing a request body to a string", e);
        }
        return out.toString();
    }

    /** The messages, consecutive ones of a role merged into one turn (system messages went to {@code system}). */
    private void messages(JsonGenerator body, List<ModelMessage> all, int breakpoint) throws IOException {
        body.writeArrayFieldStart("messages");
        String lastRole = "";
        for (int i = 0; i < all.size(); i++) {
            ModelMessage message = all.get(i);
            if (message instanceof ModelMessage.System) {
                continue;
            }
            String role = message instanceof ModelMessage.Assistant ? "assistant" : "user";
            if (!role.equals(lastRole)) {
                if (!lastRole.isEmpty()) {
                    body.writeEndArray();
                    body.writeEndObject();
                }
                body.writeStartObject();
                body.writeStringField("role", role);
                body.writeArrayFieldStart("content");
                lastRole = role;
            }
            addBlocks(body, message, i == all.size() - 1, i == breakpoint);
        }
        if (!lastRole.isEmpty()) {
            body.writeEndArray();
            body.writeEndObject();
        }
        body.writeEndArray();
    }

    /**
     * Prompt caching: breakpoints on the stable parts, so each step reads the previous step's prefix from the cache
     * (the API caches tools, then system, then messages, up to each breakpoint): the last tool, the system prompt,
     * and the last block of the last user turn (the history up to this step, which the next step repeats). Answers
     * the index of the message whose block gets it, or -1: a prefill's assistant turn is skipped, and so are empty
     * texts, which the API refuses to mark (each user message and tool result is one block).
     */
    private static int historyBreakpoint(List<ModelMessage> all) {
        boolean inUserTurn = false;
        for (int i = all.size() - 1; i >= 0; i--) {
            ModelMessage message = all.get(i);
            if (message instanceof ModelMessage.Assistant) {
                if (inUserTurn) {
                    return -1;
                }
            } else if (message instanceof ModelMessage.ToolResult) {
                return i;
            } else if (message instanceof ModelMessage.User u) {
                if (!u.text().isEmpty()) {
                    return i;
                }
                inUserTurn = true;
            }
        }
        return -1;
    }

    private static void cacheBreakpoint(JsonGenerator body) throws IOException {
        body.writeObjectFieldStart("cache_control");
        body.writeStringField("type", "ephemeral");
        body.writeEndObject();
    }

    private void addBlocks(JsonGenerator body, ModelMessage message, boolean last, boolean breakpoint)
            throws IOException {
        if (message instanceof ModelMessage.User u) {
            body.writeStartObject();
            body.writeStringField("type", "text");
            body.writeStringField("text", u.text());
            if (breakpoint) {
                cacheBreakpoint(body);
            }
            body.writeEndObject();
        } else if (message instanceof ModelMessage.ToolResult r) {
            body.writeStartObject();
            body.writeStringField("type", "tool_result");
            body.writeStringField("tool_use_id", r.callId());
            body.writeStringField("content", r.content());
            if (r.error()) {
                body.writeBooleanField("is_error", true);
            }
            if (breakpoint) {
                cacheBreakpoint(body);
            }
            body.writeEndObject();
        } else if (message instanceof ModelMessage.Assistant a) {
            List<ModelMessage.Block> blocks = a.blocks();
            for (int i = 0; i < blocks.size(); i++) {
                ModelMessage.Block block = blocks.get(i);
                if (block instanceof ModelMessage.Text t) {
                    // The API refuses trailing whitespace where the answer ends a prefill.
                    String text = last && i == blocks.size() - 1 ? t.text().stripTrailing() : t.text();
                    if (!text.isEmpty()) {
                        body.writeStartObject();
                        body.writeStringField("type", "text");
                        body.writeStringField("text", text);
                        body.writeEndObject();
                    }
                } else if (block instanceof ModelMessage.Thinking t) {
                    // Unsigned thinking (another provider's reasoning) would be refused as an invalid signature.
                    if (!t.signature().isEmpty()) {
                        body.writeStartObject();
                        body.writeStringField("type", "thinking");
                        body.writeStringField("thinking", t.text());
                        body.writeStringField("signature", t.signature());
                        body.writeEndObject();
                    }
                } else if (block instanceof ModelMessage.RedactedThinking r) {
                    body.writeStartObject();
                    body.writeStringField("type", "redacted_thinking");
                    body.writeStringField("data", r.data());
                    body.writeEndObject();
                } else if (block instanceof ToolCall call) {
                    body.writeStartObject();
                    body.writeStringField("type", "tool_use");
                    body.writeStringField("id", call.id());
                    body.writeStringField("name", call.name());
                    body.writeFieldName("input");
                    body.writeRawValue(input(call.argumentsJson()));
                    body.writeEndObject();
                }
            }
        }
    }

    /** Tool input must be an object; arguments the model once sent broken are passed back as an empty object. */
    private String input(String argumentsJson) {
        return WireJson.compactObject(json, argumentsJson).orElse("{}");
    }

    @Override
    public boolean continuesByPrefill() {
        return !(thinking instanceof Thinking.Budget);
    }

    @Override
    public StreamDecoder decoder(EventSink sink) {
        return new AnthropicStreamDecoder(json, sink, this);
    }

    @Override
    public ModelFailure errorFailure(int status, String body, Optional<Duration> retryAfter) {
        ErrorBodies.ProviderError error = ErrorBodies.read(json, body);
        if (status == 529) {
            return new ModelFailure.ServerError(529, error.message());
        }
        return ErrorBodies.forError(status, error, retryAfter);
    }
}
