package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.LlmSettings;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Tool definitions shaped for the provider, asserted on the request body the scripted model received. Sources of
 * each rule are in {@link ToolShape}'s doc: OpenAI's 1,024-character description limit
 * (https://github.com/getsentry/sentry-mcp/issues/106), Gemini refusing {@code additionalProperties} and other
 * keywords (https://github.com/ax-llm/ax/issues/293, https://github.com/openswarm-ai/openswarm/issues/24).
 */
class ToolShapeTest {

    /** The kind of schema an MCP server sends, with every keyword Gemini's function declarations were seen refusing. */
    private static final String MCP_SCHEMA = """
            {"$schema":"http://json-schema.org/draft-07/schema#","type":"object","additionalProperties":false,\
            "properties":{"paths":{"type":"array","items":{"type":"object","additionalProperties":false,\
            "properties":{"name":{"type":"string","const":"x"}}},"description":"Files."},\
            "depth":{"type":["integer","null"],"exclusiveMinimum":0,"description":"How deep."},\
            "mode":{"type":"string","enum":["a","b"],"propertyNames":{"pattern":"x"}}},"required":["paths"]}""";

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static LlmSettings model(LlmSettings s, String model) {
        return new LlmSettings(s.provider(), s.baseUrl(), model, s.apiKeyEnv(), s.toolMode(), s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(),
                s.maxTokensField(), s.maxAnswerChars(), s.thinking());
    }

    private static ModelRequest offering(ToolSpec spec) {
        return ModelRequest.of(List.of(new ModelMessage.User("go")), List.of(spec));
    }

    private static String answer() {
        return "{\"type\":\"response\"}\n{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":"
                + "{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}}\n";
    }

    @Test
    void recognisesGeminiByTheBaseUrlsHostOrTheModelsName() {
        URI local = URI.create("http://127.0.0.1:8080/v1");
        assertTrue(ToolShape.isGemini(URI.create("https://generativelanguage.googleapis.com/v1beta/openai"), "x"));
        assertTrue(ToolShape.isGemini(URI.create("https://us-central1-aiplatform.googleapis.com/v1"), "x"));
        assertTrue(ToolShape.isGemini(URI.create("https://openrouter.ai/api/v1"), "google/gemini-2.5-pro"));
        assertTrue(ToolShape.isGemini(local, "Gemini-2.5-Flash"));
        assertFalse(ToolShape.isGemini(local, "gemma3:27b"));
        assertFalse(ToolShape.isGemini(URI.create("https://api.openai.com/v1"), "gpt-4.1"));
        assertFalse(ToolShape.isGemini(URI.create("https://googleapis.com.evil.example/v1"), "gpt-4.1"));
    }

    @Test
    void geminiIsSentSchemasWithoutTheKeywordsItsFunctionDeclarationsRefuse() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(answer())) {
            h.run(model(Harness.openai(model), "google/gemini-2.5-pro"),
                    offering(new ToolSpec("mcp__files__list", "Lists files.", MCP_SCHEMA)));

            JsonNode parameters = model.requestJson(0).at("/tools/0/function/parameters");
            String wire = parameters.toString();
            for (String refused : List.of("additionalProperties", "$schema", "const", "exclusiveMinimum",
                    "propertyNames")) {
                assertFalse(wire.contains("\"" + refused + "\""), refused + " in " + wire);
            }
            assertEquals("{\"type\":\"integer\",\"nullable\":true,\"description\":\"How deep.\"}",
                    parameters.at("/properties/depth").toString());
            assertEquals("[\"paths\"]", parameters.get("required").toString());
            assertEquals("Files.", parameters.at("/properties/paths/description").asText());
            assertEquals("[\"a\",\"b\"]", parameters.at("/properties/mode/enum").toString());
            model.assertAllConsumed();
        }
    }

    @Test
    void anotherModelGetsTheServersSchemaAsItCame() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromText(answer())) {
            h.run(Harness.openai(model), offering(new ToolSpec("mcp__files__list", "Lists files.", MCP_SCHEMA)));

            JsonNode parameters = model.requestJson(0).at("/tools/0/function/parameters");
            assertEquals(new com.fasterxml.jackson.databind.ObjectMapper().readTree(MCP_SCHEMA), parameters);
        }
    }

    @Test
    void aDescriptionOverOpenAisLimitIsCutToItWithANote() throws Exception {
        String description = "Searches the issue tracker. ".repeat(140) + "END";
        try (ScriptedModel model = ScriptedModel.fromText(answer())) {
            h.run(Harness.openai(model), offering(new ToolSpec("mcp__tracker__search", description,
                    "{\"type\":\"object\"}")));

            String sent = model.requestJson(0).at("/tools/0/function/description").asText();
            assertEquals(ToolShape.OPENAI_DESCRIPTION_LIMIT, sent.length());
            assertTrue(sent.endsWith("\n[description cut from " + description.length()
                    + " to 1024 characters, the provider's limit]"), sent);
            assertTrue(sent.startsWith("Searches the issue tracker. Searches"), sent);
        }
    }

    @Test
    void aDescriptionWithinTheLimitAndAnthropicsLongOnesGoWhole() throws Exception {
        String exact = "d".repeat(ToolShape.OPENAI_DESCRIPTION_LIMIT);
        try (ScriptedModel model = ScriptedModel.fromText(answer())) {
            h.run(Harness.openai(model), offering(new ToolSpec("t", exact, "{\"type\":\"object\"}")));
            assertEquals(exact, model.requestJson(0).at("/tools/0/function/description").asText());
        }
        String anthropicAnswer = "{\"type\":\"response\"}\n"
                + "{\"type\":\"sse\",\"event\":\"message_start\",\"data\":{\"type\":\"message_start\",\"message\":"
                + "{\"usage\":{\"input_tokens\":1,\"output_tokens\":0}}}}\n"
                + "{\"type\":\"sse\",\"event\":\"message_delta\",\"data\":{\"type\":\"message_delta\",\"delta\":"
                + "{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":1}}}\n"
                + "{\"type\":\"sse\",\"event\":\"message_stop\",\"data\":{\"type\":\"message_stop\"}}\n";
        String long4000 = "x".repeat(4_000);
        try (ScriptedModel model = ScriptedModel.fromText(anthropicAnswer)) {
            h.run(Harness.anthropic(model), offering(new ToolSpec("t", long4000, "{\"type\":\"object\"}")));
            assertEquals(long4000, model.requestJson(0).at("/tools/0/description").asText());
        }
    }
}
