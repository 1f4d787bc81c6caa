package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.MaxTokensField;
import dev.agentls.config.Provider;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenAI-compatible request carries its output limit in the field the settings choose: {@code auto} sends
 * {@code max_completion_tokens} to OpenAI's own API (its reasoning models refuse {@code max_tokens}) and
 * {@code max_tokens} to every other server; an explicit choice wins. OpenAI's host is reached here through a name
 * lookup that answers loopback, so the request still goes over real HTTP to the scripted model.
 */
class MaxTokensFieldTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private static LlmSettings with(LlmSettings s, URI baseUrl, MaxTokensField field) {
        return new LlmSettings(s.provider(), baseUrl, s.model(), s.apiKeyEnv(), s.toolMode(), s.maxOutputTokens(),
                s.contextWindow(), s.safeZone(), s.timeouts(), s.retries(), s.continuationRounds(), s.prices(), field,
                s.maxAnswerChars(), s.thinking());
    }

    /** The scripted model under the name {@code host}: every name resolves to loopback for this client. */
    private static URI as(ScriptedModel model, String host) {
        URI local = model.baseUrl("/v1");
        return URI.create("http://" + host + ":" + local.getPort() + "/v1");
    }

    /** The body the client sent to the scripted model reached as {@code host}, with {@code field} configured. */
    private JsonNode sentBody(String host, MaxTokensField field, ModelRequest request) throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            URI base = host.equals("loopback") ? model.baseUrl("/v1") : as(model, host);
            LlmSettings settings = with(Harness.settings(Provider.OPENAI, base), base, field);
            StreamingModelClient client = new StreamingModelClient(settings, h.env::get, h.clock,
                    (d, c) -> h.sleeps.add(d), new Random(1), h.executor,
                    b -> b.dns(name -> List.of(InetAddress.getLoopbackAddress())));
            ModelOutcome outcome = client.stream(request, h.events::add).outcome().get(30, TimeUnit.SECONDS);
            assertInstanceOf(ModelOutcome.Completed.class, outcome, outcome.toString());
            model.assertAllConsumed();
            return model.requestJson(0);
        }
    }

    @Test
    void sendsMaxTokensToACompatibleServerByDefault() throws Exception {
        JsonNode body = sentBody("loopback", MaxTokensField.AUTO, Harness.ask("hi"));

        assertEquals(1024, body.get("max_tokens").asInt(), body.toString());
        assertFalse(body.has("max_completion_tokens"), body.toString());
    }

    @Test
    void sendsMaxCompletionTokensToOpenAisOwnApiByDefault() throws Exception {
        for (String host : List.of("api.openai.com", "API.OpenAI.com", "eu.api.openai.com")) {
            JsonNode body = sentBody(host, MaxTokensField.AUTO, Harness.ask("hi"));

            assertEquals(1024, body.get("max_completion_tokens").asInt(), host + ": " + body);
            assertFalse(body.has("max_tokens"), host + ": " + body);
        }
    }

    @Test
    void keepsMaxTokensForHostsThatOnlyLookLikeOpenAis() throws Exception {
        for (String host : List.of("api.openai.com.example.net", "notapi.openai.com", "openai.com", "api.deepseek.com")) {
            assertEquals(MaxTokensField.MAX_TOKENS, MaxTokensField.AUTO.resolve(URI.create("https://" + host + "/v1")),
                    host);
        }
        JsonNode body = sentBody("api.deepseek.com", MaxTokensField.AUTO, Harness.ask("hi"));
        assertEquals(1024, body.get("max_tokens").asInt(), body.toString());
    }

    @Test
    void anExplicitChoiceWinsOverTheHost() throws Exception {
        JsonNode toOpenAi = sentBody("api.openai.com", MaxTokensField.MAX_TOKENS, Harness.ask("hi"));
        JsonNode toLocal = sentBody("loopback", MaxTokensField.MAX_COMPLETION_TOKENS, Harness.ask("hi"));

        assertEquals(1024, toOpenAi.get("max_tokens").asInt(), toOpenAi.toString());
        assertFalse(toOpenAi.has("max_completion_tokens"), toOpenAi.toString());
        assertEquals(1024, toLocal.get("max_completion_tokens").asInt(), toLocal.toString());
        assertFalse(toLocal.has("max_tokens"), toLocal.toString());
    }

    @Test
    void aRequestsOwnOutputLimitGoesInTheChosenField() throws Exception {
        ModelRequest request = new ModelRequest(Harness.ask("hi").messages(), List.of(), OptionalInt.of(321));

        JsonNode body = sentBody("api.openai.com", MaxTokensField.AUTO, request);

        assertEquals(321, body.get("max_completion_tokens").asInt(), body.toString());
    }

    @Test
    void anthropicAlwaysSendsMaxTokens() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            LlmSettings settings = with(Harness.anthropic(model), model.baseUrl("/"), MaxTokensField.AUTO);
            h.run(settings, Harness.ask("hi"));

            JsonNode body = model.requestJson(0);
            assertEquals(1024, body.get("max_tokens").asInt(), body.toString());
            assertFalse(body.has("max_completion_tokens"), body.toString());
        }
    }
}
