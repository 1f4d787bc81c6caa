package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.MaxTokensField;
import dev.agentls.config.Thinking;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The OpenAI-compatible Chat Completions protocol ({@code POST {baseUrl}/chat/completions}, {@code stream: true} with
 * {@code stream_options.include_usage}), as OpenAI, DeepSeek, Qwen, Ollama, vLLM, llama.cpp's server and LM Studio
 * speak it. The output limit goes in the field the settings resolve ({@code max_completion_tokens} for OpenAI's own
 * API, whose reasoning models refuse {@code max_tokens}; {@code max_tokens} for the compatible servers); no reasoning
 * block is sent back, neither thinking nor Anthropic's signed or redacted thinking (DeepSeek refuses
 * {@code reasoning_content} in requests). A configured reasoning effort goes in {@code reasoning_effort}; nothing
 * about reasoning is sent otherwise, since servers that do not reason may refuse the field.
 */
final class OpenAiProtocol implements WireProtocol {

    private final ObjectMapper json;
    private final String baseUrl;
    private final String model;
    private final String maxTokensField;
    private final Thinking thinking;

    /** @param maxTokensField the output limit's field, resolved: {@code MAX_TOKENS} or {@code MAX_COMPLETION_TOKENS} */
    OpenAiProtocol(ObjectMapper json, String baseUrl, String model, MaxTokensField maxTokensField, Thinking thinking) {
        if (maxTokensField == MaxTokensField.AUTO) {
            throw new IllegalArgumentException("the output limit field must be resolved against the base URL first");
        }
        if (thinking instanceof Thinking.Budget) {
            throw new IllegalArgumentException("a thinking budget is for the Anthropic protocol");
        }
        this.thinking = thinking;
        this.json = json;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.model = model;
        this.maxTokensField = maxTokensField.id();
    }

    @Override
    public WireRequest build(ModelRequest request, int maxOutputTokens, String apiKey, boolean withTools) {
        ObjectNode body = json.createObjectNode();
        body.put("model", model);
        ArrayNode messages = body.putArray("messages");
        for (ModelMessage message : request.messages()) {
            messages.add(message(message));
        }
        if (withTools && !request.tools().isEmpty()) {
            ArrayNode tools = body.putArray("tools");
            for (ToolSpec spec : request.tools()) {
                ObjectNode function = tools.addObject().put("type", "function").putObject("function");
                function.put("name", spec.name()).put("description", spec.description());
                function.set("parameters", Schemas.parse(json, spec));
            }
        }
        body.put(maxTokensField, maxOutputTokens);
        if (thinking instanceof Thinking.Effort effort) {
            body.put("reasoning_effort", effort.level().id());
        }
        body.put("stream", true);
        body.putObject("stream_options").put("include_usage", true);
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "text/event-stream");
        if (!apiKey.isEmpty()) {
            headers.put("Authorization", "Bearer " + apiKey);
        }
        return new WireRequest(baseUrl + "/chat/completions", headers, Set.of("Authorization"), body.toString());
    }

    private JsonNode message(ModelMessage message) {
        ObjectNode node = json.createObjectNode();
        if (message instanceof ModelMessage.System s) {
            node.put("role", "system").put("content", s.text());
        } else if (message instanceof ModelMessage.User u) {
            node.put("role", "user").put("content", u.text());
        } else if (message instanceof ModelMessage.Assistant a) {
            node.put("role", "assistant");
            if (a.text().isEmpty() && !a.toolCalls().isEmpty()) {
                node.putNull("content");
            } else {
                node.put("content", a.text());
            }
            if (!a.toolCalls().isEmpty()) {
                ArrayNode calls = node.putArray("tool_calls");
                for (ToolCall call : a.toolCalls()) {
                    ObjectNode c = calls.addObject().put("id", call.id()).put("type", "function");
                    c.putObject("function").put("name", call.name()).put("arguments", call.argumentsJson());
                }
            }
        } else if (message instanceof ModelMessage.ToolResult r) {
            node.put("role", "tool").put("tool_call_id", r.callId()).put("content", r.content());
        }
        return node;
    }

    @Override
    public boolean continuesByPrefill() {
        return true;
    }

    @Override
    public StreamDecoder decoder(EventSink sink) {
        return new OpenAiStreamDecoder(json, sink, this);
    }

    @Override
    public ModelFailure errorFailure(int status, String body, Optional<Duration> retryAfter) {
        ErrorBodies.ProviderError error = ErrorBodies.read(json, body);
        return ErrorBodies.forError(status, error, retryAfter);
    }
}
