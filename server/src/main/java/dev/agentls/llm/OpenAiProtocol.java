package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.MaxTokensField;
import dev.agentls.config.Thinking;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
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
 * about reasoning is sent otherwise, since servers that do not reason may refuse the field. Tool definitions go out
 * as the {@link ToolShape} of the provider behind has them (descriptions cut to OpenAI's limit, Gemini's schemas).
 * The body is written with jackson-core's generator, member by member.
 */
final class OpenAiProtocol implements WireProtocol {

    private final ObjectMapper json;
    private final String baseUrl;
    private final String model;
    private final String maxTokensField;
    private final Thinking thinking;
    private final ToolShape shape;

    /**
     * @param maxTokensField the output limit's field, resolved: {@code MAX_TOKENS} or {@code MAX_COMPLETION_TOKENS}
     * @param shape          how the provider behind takes tool definitions
     */
    OpenAiProtocol(ObjectMapper json, String baseUrl, String model, MaxTokensField maxTokensField, Thinking thinking,
                   ToolShape shape) {
        if (maxTokensField == MaxTokensField.AUTO) {
            throw new IllegalArgumentException("the output limit field must be resolved against the base URL first");
        }
        if (thinking instanceof Thinking.Budget) {
            throw new IllegalArgumentException("a thinking budget is for the Anthropic protocol");
        }
        this.thinking = thinking;
        this.shape = shape;
        this.json = json;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.model = model;
        this.maxTokensField = maxTokensField.id();
    }

    @Override
    public WireRequest build(ModelRequest request, int maxOutputTokens, String apiKey, boolean withTools) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Accept", "text/event-stream");
        if (!apiKey.isEmpty()) {
            headers.put("Authorization", "Bearer " + apiKey);
        }
        return new WireRequest(endpoint(), headers, Set.of("Authorization"),
                body(request, maxOutputTokens, withTools));
    }

    @Override
    public String endpoint() {
        return baseUrl + "/chat/completions";
    }

    private String body(ModelRequest request, int maxOutputTokens, boolean withTools) {
        StringWriter out = new StringWriter();
        try (JsonGenerator body = json.createGenerator(out)) {
            body.writeStartObject();
            body.writeStringField("model", model);
            body.writeArrayFieldStart("messages");
            for (ModelMessage message : request.messages()) {
                message(body, message);
            }
            body.writeEndArray();
            if (withTools && !request.tools().isEmpty()) {
                body.writeArrayFieldStart("tools");
                for (ToolSpec spec : request.tools()) {
                    JsonNode parameters = shape.schema(Schemas.parse(json, spec));
                    body.writeStartObject();
                    body.writeStringField("type", "function");
                    body.writeObjectFieldStart("function");
                    body.writeStringField("name", spec.name());
                    body.writeStringField("description", shape.description(spec));
                    body.writeFieldName("parameters");
                    body.writeTree(parameters);
                    body.writeEndObject();
                    body.writeEndObject();
                }
                body.writeEndArray();
            }
            body.writeNumberField(maxTokensField, maxOutputTokens);
            if (thinking instanceof Thinking.Effort effort) {
                body.writeStringField("reasoning_effort", effort.level().id());
            }
            body.writeBooleanField("stream", true);
            body.writeObjectFieldStart("stream_options");
            body.writeBooleanField("include_usage", true);
            body.writeEndObject();
            body.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing a request body to a string", e);
        }
        return out.toString();
    }

    private static void message(JsonGenerator body, ModelMessage message) throws IOException {
        body.writeStartObject();
        if (message instanceof ModelMessage.System s) {
            body.writeStringField("role", "system");
            body.writeStringField("content", s.text());
        } else if (message instanceof ModelMessage.User u) {
            body.writeStringField("role", "user");
            body.writeStringField("content", u.text());
        } else if (message instanceof ModelMessage.Assistant a) {
            body.writeStringField("role", "assistant");
            String text = a.text();
            List<ToolCall> calls = a.toolCalls();
            if (text.isEmpty() && !calls.isEmpty()) {
                body.writeNullField("content");
            } else {
                body.writeStringField("content", text);
            }
            if (!calls.isEmpty()) {
                body.writeArrayFieldStart("tool_calls");
                for (ToolCall call : calls) {
                    body.writeStartObject();
                    body.writeStringField("id", call.id());
                    body.writeStringField("type", "function");
                    body.writeObjectFieldStart("function");
                    body.writeStringField("name", call.name());
                    body.writeStringField("arguments", call.argumentsJson());
                    body.writeEndObject();
                    body.writeEndObject();
                }
                body.writeEndArray();
            }
        } else if (message instanceof ModelMessage.ToolResult r) {
            body.writeStringField("role", "tool");
            body.writeStringField("tool_call_id", r.callId());
            body.writeStringField("content", r.content());
        }
        body.writeEndObject();
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
