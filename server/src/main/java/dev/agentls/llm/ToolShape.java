package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Tool definitions as the configured provider takes them, decided once from the settings: descriptions cut to the
 * provider's limit with a note saying so, and for Gemini schemas kept to the keywords its function declarations know.
 *
 * <p>The OpenAI-compatible protocol cuts at {@value #OPENAI_DESCRIPTION_LIMIT} characters: OpenAI refuses a longer
 * tool description with HTTP 400 {@code string_above_max_length}
 * (https://github.com/getsentry/sentry-mcp/issues/106, https://github.com/OpenHands/OpenHands/issues/7167), and so do
 * gateways in front of it (Azure OpenAI, LiteLLM), which the base URL does not always reveal. The built-in tools' own
 * descriptions fit; an MCP server's (up to 4,000 characters) may not. Anthropic documents no such limit.
 *
 * <p>Gemini is recognised by the base URL's host ({@code *.googleapis.com}: the Gemini API's OpenAI-compatible
 * endpoint and Vertex AI) or by a model name whose last segment starts with {@code gemini} (OpenRouter's
 * {@code google/gemini-2.5-pro}, LiteLLM's {@code gemini/...}). Its function declarations refuse
 * {@code additionalProperties} (https://github.com/ax-llm/ax/issues/293, https://github.com/nanbingxyz/5ire/issues/42),
 * {@code $schema}, {@code const}, {@code exclusiveMinimum} and {@code propertyNames}
 * (https://github.com/openswarm-ai/openswarm/issues/24) and a list as {@code type}
 * (https://github.com/zed-industries/zed/issues/53919): a schema keeps only the keywords below, a type list becomes
 * its first non-null type with {@code nullable}.
 */
final class ToolShape {

    static final int OPENAI_DESCRIPTION_LIMIT = 1_024;
    static final String GEMINI_HOST = "googleapis.com";

    /** The schema keywords kept for Gemini, from its function declarations' Schema object. */
    private static final Set<String> GEMINI_KEYWORDS = Set.of("type", "format", "description", "nullable", "enum",
            "properties", "required", "items", "anyOf", "minimum", "maximum", "minItems", "maxItems");

    private final boolean gemini;
    private final int descriptionLimit;

    ToolShape(boolean gemini, int descriptionLimit) {
        if (descriptionLimit < 100) {
            throw new IllegalArgumentException("a description limit leaves room for the note: " + descriptionLimit);
        }
        this.gemini = gemini;
        this.descriptionLimit = descriptionLimit;
    }

    /** The shape for these settings: the protocol's description limit, Gemini's schema rules when it is Gemini. */
    static ToolShape of(LlmSettings settings) {
        int limit = settings.provider() == Provider.OPENAI ? OPENAI_DESCRIPTION_LIMIT : Integer.MAX_VALUE;
        return new ToolShape(isGemini(settings.baseUrl(), settings.model()), limit);
    }

    /** Whether the base URL's host or the model's name says the model behind is Gemini. */
    static boolean isGemini(URI baseUrl, String model) {
        String host = baseUrl.getHost() == null ? "" : baseUrl.getHost().toLowerCase(Locale.ROOT);
        if (host.endsWith(".")) {
            host = host.substring(0, host.length() - 1);
        }
        if (host.equals(GEMINI_HOST) || host.endsWith("." + GEMINI_HOST)) {
            return true;
        }
        String name = model.toLowerCase(Locale.ROOT);
        return name.substring(name.lastIndexOf('/') + 1).startsWith("gemini");
    }

    boolean gemini() {
        return gemini;
    }

    /** The description, cut to the limit with a note that says so when it is longer. */
    String description(ToolSpec spec) {
        String text = spec.description();
        if (text.length() <= descriptionLimit) {
            return text;
        }
        String note = "\n[description cut from " + text.length() + " to " + descriptionLimit
                + " characters, the provider's limit]";
        int keep = descriptionLimit - note.length();
        if (Character.isHighSurrogate(text.charAt(keep - 1))) {
            keep--;
        }
        return text.substring(0, keep) + note;
    }

    /** The schema as the provider takes it: unchanged, or for Gemini kept to the keywords it knows. */
    JsonNode schema(JsonNode schema) {
        return gemini ? forGemini(schema) : schema;
    }

    private static JsonNode forGemini(JsonNode schema) {
        if (!schema.isObject()) {
            return schema;
        }
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> member : schema.properties()) {
            String key = member.getKey();
            JsonNode value = member.getValue();
            if (!GEMINI_KEYWORDS.contains(key)) {
                continue;
            }
            switch (key) {
                case "properties" -> kept.set(key, properties(value));
                case "items" -> kept.set(key, forGemini(value));
                case "anyOf" -> {
                    if (value.isArray()) {
                        ArrayNode shaped = kept.putArray(key);
                        value.forEach(item -> shaped.add(forGemini(item)));
                    } else {
                        kept.set(key, value);
                    }
                }
                case "type" -> {
                    if (value.isArray()) {
                        typeOfList(value, kept);
                    } else {
                        kept.set(key, value);
                    }
                }
                default -> kept.set(key, value);
            }
        }
        return kept;
    }

    private static JsonNode properties(JsonNode value) {
        if (!value.isObject()) {
            return value;
        }
        ObjectNode shaped = JsonNodeFactory.instance.objectNode();
        value.properties().forEach(property -> shaped.set(property.getKey(), forGemini(property.getValue())));
        return shaped;
    }

    /** {@code ["string", "null"]} as Gemini writes it: {@code "type": "string", "nullable": true}. */
    private static void typeOfList(JsonNode types, ObjectNode kept) {
        List<JsonNode> named = new ArrayList<>();
        boolean nullable = false;
        for (JsonNode type : types) {
            if (type.isTextual() && type.asText().equals("null")) {
                nullable = true;
            } else {
                named.add(type);
            }
        }
        if (!named.isEmpty()) {
            kept.set("type", named.get(0));
        }
        if (nullable) {
            kept.put("nullable", true);
        }
    }
}
