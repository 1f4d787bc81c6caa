package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.Thinking;
import java.io.IOException;
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
 * byte-identical prefix of consecutive steps is read from the prompt cache ({@code cache_read_input_tokens}).
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
        ObjectNode body = json.createObjectNode();
        body.put("model", model);
        body.put("max_tokens", maxOutputTokens);
        if (thinking instanceof Thinking.Budget budget) {
            if (maxOutputTokens <= budget.tokens()) {
                throw new IllegalArgumentException("this call's output limit of " + maxOutputTokens + " tokens leaves"
                        + " no room for the thinking budget of " + budget.tokens() + " tokens"
                        + " (agentls.llm.thinkingBudget); Anthropic wants max_tokens above budget_tokens");
            }
            body.putObject("thinking").put("type", "enabled").put("budget_tokens", budget.tokens());
        }
        body.put("stream", true);
        List<String> system = new ArrayList<>();
        ArrayNode messages = json.createArrayNode();
        String lastRole = "";
        ArrayNode content = null;
        List<ModelMessage> all = request.messages();
        for (int i = 0; i < all.size(); i++) {
            ModelMessage message = all.get(i);
            if (message instanceof ModelMessage.System s) {
                system.add(s.text());
                continue;
            }
            String role = message instanceof ModelMessage.Assistant ? "assistant" : "user";
            if (!role.equals(lastRole)) {
                ObjectNode m = messages.addObject().put("role", role);
                content = m.putArray("content");
                lastRole = role;
            }
            addBlocks(content, message, i == all.size() - 1);
        }
        if (!system.isEmpty()) {
            cacheBreakpoint(body.putArray("system").addObject().put("type", "text")
                    .put("text", String.join("\n\n", system)));
        }
        markHistory(messages);
        body.set("messages", messages);
        if (withTools && !request.tools().isEmpty()) {
            ArrayNode tools = body.putArray("tools");
            ObjectNode last = null;
            for (ToolSpec spec : request.tools()) {
                last = tools.addObject().put("name", spec.name()).put("description", spec.description());
                last.set("input_schema", Schemas.parse(json, spec));
            }
            cacheBreakpoint(last);
        }
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "text/event-stream");
        headers.put("anthropic-version", VERSION);
        if (!apiKey.isEmpty()) {
            headers.put("x-api-key", apiKey);
        }
        return new WireRequest(baseUrl + "/v1/messages", headers, Set.of("x-api-key"), body.toString());
    }

    /**
     * Prompt caching: breakpoints on the stable parts, so each step reads the previous step's prefix from the cache
     * (the API caches tools, then system, then messages, up to each breakpoint): the last tool, the system prompt,
     * and the last block of the last user turn (the history up to this step, which the next step repeats). A
     * prefill's assistant turn is skipped, and so are thinking blocks and empty texts, which the API refuses to mark.
     */
    private static void markHistory(ArrayNode messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            JsonNode message = messages.get(i);
            if (!"user".equals(message.path("role").asText())) {
                continue;
            }
            JsonNode content = message.path("content");
            for (int j = content.size() - 1; j >= 0; j--) {
                JsonNode block = content.get(j);
                if (block instanceof ObjectNode marked && !(block.path("type").asText().equals("text")
                        && block.path("text").asText().isEmpty())) {
                    cacheBreakpoint(marked);
                    return;
                }
            }
            return;
        }
    }

    private static void cacheBreakpoint(ObjectNode block) {
        block.putObject("cache_control").put("type", "ephemeral");
    }

    private void addBlocks(ArrayNode content, ModelMessage message, boolean last) {
        if (message instanceof ModelMessage.User u) {
            content.addObject().put("type", "text").put("text", u.text());
        } else if (message instanceof ModelMessage.ToolResult r) {
            ObjectNode block = content.addObject().put("type", "tool_result").put("tool_use_id", r.callId())
                    .put("content", r.content());
            if (r.error()) {
                block.put("is_error", true);
            }
        } else if (message instanceof ModelMessage.Assistant a) {
            List<ModelMessage.Block> blocks = a.blocks();
            for (int i = 0; i < blocks.size(); i++) {
                ModelMessage.Block block = blocks.get(i);
                if (block instanceof ModelMessage.Text t) {
                    // The API refuses trailing whitespace where the answer ends a prefill.
                    String text = last && i == blocks.size() - 1 ? t.text().stripTrailing() : t.text();
                    if (!text.isEmpty()) {
                        content.addObject().put("type", "text").put("text", text);
                    }
                } else if (block instanceof ModelMessage.Thinking t) {
                    // Unsigned thinking (another provider's reasoning) would be refused as an invalid signature.
                    if (!t.signature().isEmpty()) {
                        content.addObject().put("type", "thinking").put("thinking", t.text())
                                .put("signature", t.signature());
                    }
                } else if (block instanceof ModelMessage.RedactedThinking r) {
                    content.addObject().put("type", "redacted_thinking").put("data", r.data());
                } else if (block instanceof ToolCall call) {
                    content.addObject().put("type", "tool_use").put("id", call.id()).put("name", call.name())
                            .set("input", input(call.argumentsJson()));
                }
            }
        }
    }

    /** Tool input must be an object; arguments the model once sent broken are passed back as an empty object. */
    private JsonNode input(String argumentsJson) {
        try {
            JsonNode node = json.readTree(argumentsJson);
            return node != null && node.isObject() ? node : json.createObjectNode();
        } catch (IOException e) {
            return json.createObjectNode();
        }
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
