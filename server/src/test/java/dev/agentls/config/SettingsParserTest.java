package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsParserTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final SettingsParser parser = new SettingsParser();

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private AgentLsSettings ok(String text) throws SettingsException {
        ParsedSettings parsed = parser.parse(json(text));
        assertEquals(List.of(), parsed.warnings());
        return parsed.settings();
    }

    private List<String> errors(Object section) {
        return assertThrows(SettingsException.class, () -> parser.parse(section)).errors();
    }

    private List<String> errors(String text) {
        return errors(json(text));
    }

    @Test
    void absentSettingsGiveTheOpenAiDefaults() throws SettingsException {
        for (Object empty : new Object[] {null, json("{}"), json("null"), Map.of()}) {
            ParsedSettings parsed = parser.parse(empty);
            assertEquals(AgentLsSettings.defaults(), parsed.settings());
            assertEquals(List.of(), parsed.warnings());
        }
        LlmSettings llm = AgentLsSettings.defaults().llm();
        assertEquals(Provider.OPENAI, llm.provider());
        assertEquals(URI.create("https://api.openai.com/v1"), llm.baseUrl());
        assertEquals("OPENAI_API_KEY", llm.apiKeyEnv());
        assertEquals(ToolMode.NATIVE, llm.toolMode());
        assertEquals(new SafeZone.Fraction(0.8), llm.safeZone());
        assertEquals(102_400, llm.safeZoneTokens());
        assertEquals(25, AgentLsSettings.defaults().agent().maxIterations());
    }

    @Test
    void readsEveryKeyOfAFullSection() throws SettingsException {
        AgentLsSettings s = ok("""
                {"llm": {"provider": "anthropic", "baseUrl": "http://127.0.0.1:8080/", "model": "claude-x",
                  "apiKeyEnv": "MY_KEY_2", "toolMode": "xml", "maxOutputTokens": "4k", "contextWindow": 200000,
                  "safeZone": "150k", "continuationRounds": 0,
                  "timeouts": {"connect": "500ms", "firstByte": "2m", "idleBetweenChunks": "30s",
                    "noProgress": "10m"},
                  "retries": {"maxAttempts": 1, "baseDelay": "0ms", "maxDelay": "1h"},
                  "prices": {"claude-x": {"input": 3, "output": "15", "cachedInput": 0.3}}},
                 "agent": {"maxIterations": 7}}
                """);
        LlmSettings llm = s.llm();
        assertEquals(Provider.ANTHROPIC, llm.provider());
        assertEquals(URI.create("http://127.0.0.1:8080"), llm.baseUrl());
        assertEquals("claude-x", llm.model());
        assertEquals("MY_KEY_2", llm.apiKeyEnv());
        assertEquals(ToolMode.XML, llm.toolMode());
        assertEquals(4000, llm.maxOutputTokens());
        assertEquals(200_000, llm.contextWindow());
        assertEquals(new SafeZone.Tokens(150_000), llm.safeZone());
        assertEquals(0, llm.continuationRounds());
        assertEquals(new Timeouts(Duration.ofMillis(500), Duration.ofMinutes(2), Duration.ofSeconds(30),
                Duration.ofMinutes(10)),
                llm.timeouts());
        assertEquals(new RetryPolicy(1, Duration.ZERO, Duration.ofHours(1)), llm.retries());
        ModelPrice price = llm.price().orElseThrow();
        assertEquals(0, price.inputPerMillion().compareTo(new BigDecimal("3")));
        assertEquals(0, price.outputPerMillion().compareTo(new BigDecimal("15")));
        assertEquals(0, price.cachedInputPerMillion().compareTo(new BigDecimal("0.3")));
        assertEquals(7, s.agent().maxIterations());
    }

    @Test
    void theProviderChoosesTheDefaultBaseUrlKeyVariableAndModel() throws SettingsException {
        LlmSettings llm = ok("{\"llm\": {\"provider\": \"anthropic\"}}").llm();
        assertEquals(URI.create("https://api.anthropic.com"), llm.baseUrl());
        assertEquals("ANTHROPIC_API_KEY", llm.apiKeyEnv());
        assertEquals(Provider.ANTHROPIC.defaultModel(), llm.model());
    }

    @Test
    void unwrapsWholeInitializationOptionsAndAcceptsPlainJavaMaps() throws SettingsException {
        assertEquals("m1", ok("{\"agentls\": {\"llm\": {\"model\": \"m1\"}}}").llm().model());
        Map<String, Object> section = Map.of("llm", Map.of("model", "m2", "maxOutputTokens", 100L,
                "safeZone", 0.5, "timeouts", Map.of("connect", "3s")));
        LlmSettings llm = parser.parse(section).settings().llm();
        assertEquals("m2", llm.model());
        assertEquals(100, llm.maxOutputTokens());
        assertEquals(new SafeZone.Fraction(0.5), llm.safeZone());
        assertEquals(Duration.ofSeconds(3), llm.timeouts().connect());
    }

    @Test
    void nullMeansUnsetAndTakesTheDefault() throws SettingsException {
        LlmSettings llm = ok("{\"llm\": {\"model\": null, \"timeouts\": null, \"safeZone\": null}}").llm();
        assertEquals(LlmSettings.defaults(Provider.OPENAI), llm);
    }

    @Test
    void safeZoneAcceptsTokenCountsAndFractionsAndResolvesAgainstTheWindow() throws SettingsException {
        assertEquals(new SafeZone.Tokens(80_000), ok("{\"llm\": {\"safeZone\": \"80k\"}}").llm().safeZone());
        assertEquals(new SafeZone.Tokens(90_000), ok("{\"llm\": {\"safeZone\": 90000}}").llm().safeZone());
        assertEquals(new SafeZone.Tokens(1_500), ok("{\"llm\": {\"safeZone\": \"1.5k\"}}").llm().safeZone());
        assertEquals(new SafeZone.Fraction(0.8), ok("{\"llm\": {\"safeZone\": \"0.8\"}}").llm().safeZone());
        assertEquals(new SafeZone.Fraction(1.0), ok("{\"llm\": {\"safeZone\": 1}}").llm().safeZone());
        LlmSettings llm = ok("{\"llm\": {\"safeZone\": 0.25, \"contextWindow\": \"1m\"}}").llm();
        assertEquals(250_000, llm.safeZoneTokens());
        assertEquals(50_000, new SafeZone.Tokens(80_000).resolveTokens(50_000));
    }

    @Test
    void refusesABadSafeZoneNamingTheKeyAndTheAcceptedForm() {
        assertEquals(List.of("agentls.llm.safeZone: expected a token count like \"80k\" or a fraction like \"0.8\","
                + " got \"huge\""), errors("{\"llm\": {\"safeZone\": \"huge\"}}"));
        for (String bad : new String[] {"\"0\"", "\"-0.5\"", "1.5", "\"80x\"", "0", "-3", "true", "[]", "{}",
                "\"1e5\"", "\"\""}) {
            List<String> errs = errors("{\"llm\": {\"safeZone\": " + bad + "}}");
            assertEquals(1, errs.size(), bad + " -> " + errs);
            assertTrue(errs.get(0).startsWith("agentls.llm.safeZone: expected a token count like \"80k\""),
                    bad + " -> " + errs);
        }
        assertEquals(List.of("agentls.llm.safeZone: 200000 tokens exceeds agentls.llm.contextWindow (128000);"
                + " use a smaller count or a fraction like \"0.8\""), errors("{\"llm\": {\"safeZone\": \"200k\"}}"));
    }

    @Test
    void refusesBadValuesOfEveryKeyWithTheAcceptedForm() {
        Map<String, String> cases = Map.ofEntries(
                Map.entry("{\"llm\": {\"provider\": \"OpenAI\"}}",
                        "agentls.llm.provider: expected one of \"openai\", \"anthropic\", got \"OpenAI\""),
                Map.entry("{\"llm\": {\"provider\": 3}}",
                        "agentls.llm.provider: expected one of \"openai\", \"anthropic\", got the number 3"),
                Map.entry("{\"llm\": {\"toolMode\": \"json\"}}",
                        "agentls.llm.toolMode: expected one of \"native\", \"xml\", got \"json\""),
                Map.entry("{\"llm\": {\"model\": \"\"}}",
                        "agentls.llm.model: expected a model name (1 to 200 characters, no control characters),"
                                + " got \"\""),
                Map.entry("{\"llm\": {\"model\": \"a\\nb\"}}",
                        "agentls.llm.model: expected a model name (1 to 200 characters, no control characters),"
                                + " got \"a\\nb\""),
                Map.entry("{\"llm\": {\"apiKeyEnv\": \"MY-KEY\"}}",
                        "agentls.llm.apiKeyEnv: expected the name of an environment variable like"
                                + " \"OPENAI_API_KEY\" (letters, digits, '_'), got \"MY-KEY\""),
                Map.entry("{\"llm\": {\"apiKeyEnv\": \"1KEY\"}}",
                        "agentls.llm.apiKeyEnv: expected the name of an environment variable like"
                                + " \"OPENAI_API_KEY\" (letters, digits, '_'), got \"1KEY\""),
                Map.entry("{\"llm\": {\"maxOutputTokens\": 0}}",
                        "agentls.llm.maxOutputTokens: expected a whole number of tokens like 8192 or \"8k\""
                                + " between 1 and 10m, got the number 0"),
                Map.entry("{\"llm\": {\"maxOutputTokens\": 12.5}}",
                        "agentls.llm.maxOutputTokens: expected a whole number of tokens like 8192 or \"8k\""
                                + " between 1 and 10m, got the number 12.5"),
                Map.entry("{\"llm\": {\"contextWindow\": \"lots\"}}",
                        "agentls.llm.contextWindow: expected a whole number of tokens like 8192 or \"8k\""
                                + " between 1k and 100m, got \"lots\""),
                Map.entry("{\"llm\": {\"continuationRounds\": -1}}",
                        "agentls.llm.continuationRounds: expected a whole number from 0 to 20, got the number -1"),
                Map.entry("{\"llm\": {\"timeouts\": {\"connect\": \"10\"}}}",
                        "agentls.llm.timeouts.connect: expected a duration from 1ms to 1h like \"10s\", \"500ms\""
                                + " or \"2m\", got \"10\""),
                Map.entry("{\"llm\": {\"timeouts\": {\"firstByte\": 10}}}",
                        "agentls.llm.timeouts.firstByte: expected a duration from 1ms to 1h like \"10s\","
                                + " \"500ms\" or \"2m\", got the number 10"),
                Map.entry("{\"llm\": {\"timeouts\": {\"idleBetweenChunks\": \"0s\"}}}",
                        "agentls.llm.timeouts.idleBetweenChunks: expected a duration from 1ms to 1h like \"10s\","
                                + " \"500ms\" or \"2m\", got \"0s\""),
                Map.entry("{\"llm\": {\"timeouts\": {\"connect\": \"2h\"}}}",
                        "agentls.llm.timeouts.connect: expected a duration from 1ms to 1h like \"10s\", \"500ms\""
                                + " or \"2m\", got \"2h\""),
                Map.entry("{\"llm\": {\"timeouts\": \"10s\"}}",
                        "agentls.llm.timeouts: expected an object of settings, got \"10s\""),
                Map.entry("{\"llm\": {\"retries\": {\"maxAttempts\": 0}}}",
                        "agentls.llm.retries.maxAttempts: expected a whole number of attempts from 1 to 20"
                                + " (1: no retry), got the number 0"),
                Map.entry("{\"llm\": {\"retries\": {\"baseDelay\": \"1 day\"}}}",
                        "agentls.llm.retries.baseDelay: expected a duration from 0ms to 1h like \"1s\" or"
                                + " \"500ms\", got \"1 day\""),
                Map.entry("{\"llm\": {\"retries\": {\"baseDelay\": \"10s\", \"maxDelay\": \"1s\"}}}",
                        "agentls.llm.retries.maxDelay: must not be shorter than agentls.llm.retries.baseDelay"
                                + " (PT1S < PT10S)"),
                Map.entry("{\"llm\": {\"maxOutputTokens\": 200000}}",
                        "agentls.llm.maxOutputTokens: 200000 exceeds agentls.llm.contextWindow (128000); raise the"
                                + " window or lower the output limit"),
                Map.entry("{\"agent\": {\"maxIterations\": 1001}}",
                        "agentls.agent.maxIterations: expected a whole number from 1 to 1000, got the number 1001"),
                Map.entry("{\"llm\": []}", "agentls.llm: expected an object of settings, got an array"),
                Map.entry("\"openai\"", "agentls: expected an object of settings, got \"openai\""));
        for (Map.Entry<String, String> c : cases.entrySet()) {
            assertEquals(List.of(c.getValue()), errors(c.getKey()), c.getKey());
        }
    }

    @Test
    void refusesABaseUrlThatIsNotAnAbsoluteHttpUrlSayingWhy() {
        Map<String, String> cases = Map.of(
                "ftp://host/v1", "not an absolute http or https URL",
                "/v1/chat", "not an absolute http or https URL",
                "http://exa mple.com", "not a valid URL",
                "http:///v1", "has no host",
                "https://user:pw@host/v1", "carries credentials",
                "https://host/v1#x", "has a #fragment",
                "https://host/v1?api-version=1", "has a ?query");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            List<String> errs = errors(Map.of("llm", Map.of("baseUrl", c.getKey())));
            assertEquals(1, errs.size(), errs.toString());
            assertTrue(errs.get(0).startsWith("agentls.llm.baseUrl: expected an absolute http or https URL like"
                    + " \"https://api.openai.com/v1\", got \""), errs.get(0));
            assertTrue(errs.get(0).contains(c.getValue()), errs.get(0));
        }
    }

    @Test
    void collectsEveryErrorNotJustTheFirst() {
        List<String> errs = errors("""
                {"llm": {"provider": "x", "toolMode": "y", "safeZone": "z", "timeouts": {"connect": "w"}},
                 "agent": {"maxIterations": "v"}}
                """);
        assertEquals(5, errs.size(), errs.toString());
        assertTrue(errs.get(0).startsWith("agentls.llm.provider:"));
        assertTrue(errs.get(1).startsWith("agentls.llm.toolMode:"));
        assertTrue(errs.get(2).startsWith("agentls.llm.safeZone:"));
        assertTrue(errs.get(3).startsWith("agentls.llm.timeouts.connect:"));
        assertTrue(errs.get(4).startsWith("agentls.agent.maxIterations:"));
        SettingsException e = assertThrows(SettingsException.class, () -> parser.parse(json(
                "{\"llm\": {\"provider\": \"x\", \"toolMode\": \"y\"}}")));
        assertTrue(e.getMessage().startsWith("2 settings errors:"), e.getMessage());
    }

    @Test
    void ignoresUnknownKeysWithAWarningNamingEach() throws SettingsException {
        ParsedSettings parsed = parser.parse(json("""
                {"llm": {"model": "m", "temperature": 0.2, "timeouts": {"total": "1m"}}, "ui": {"theme": "dark"}}
                """));
        assertEquals("m", parsed.settings().llm().model());
        assertEquals(List.of("agentls.llm.timeouts.total: unknown setting, ignored",
                "agentls.llm.temperature: unknown setting, ignored", "agentls.ui: unknown setting, ignored"),
                parsed.warnings());
    }

    @Test
    void acceptsEveryFormOfEachKeyAtItsBounds() throws SettingsException {
        Map<String, java.util.function.Function<LlmSettings, Object>> read = Map.of(
                "maxOutputTokens", LlmSettings::maxOutputTokens,
                "contextWindow", LlmSettings::contextWindow,
                "continuationRounds", LlmSettings::continuationRounds);
        Object[][] cases = {
            {"maxOutputTokens", "1", 1}, {"maxOutputTokens", "\"1000\"", 1000}, {"maxOutputTokens", "\"1.5K\"", 1500},
            {"maxOutputTokens", "2048.0", 2048}, {"contextWindow", "\"1000\"", 1000},
            {"contextWindow", "\"100m\"", 100_000_000}, {"contextWindow", "\" 64k \"", 64_000},
            {"continuationRounds", "20", 20}, {"continuationRounds", "\"0\"", 0}};
        for (Object[] c : cases) {
            String extra = c[0].equals("maxOutputTokens") ? ", \"contextWindow\": \"100m\"" : "";
            LlmSettings llm = ok("{\"llm\": {\"" + c[0] + "\": " + c[1] + extra + "}}").llm();
            assertEquals(c[2], read.get((String) c[0]).apply(llm), c[0] + " = " + c[1]);
        }
        Timeouts t = ok("{\"llm\": {\"timeouts\": {\"connect\": \"1ms\", \"firstByte\": \"1h\","
                + " \"idleBetweenChunks\": \" 90S \"}}}").llm().timeouts();
        assertEquals(new Timeouts(Duration.ofMillis(1), Duration.ofHours(1), Duration.ofSeconds(90),
                Timeouts.DEFAULT_NO_PROGRESS), t);
        RetryPolicy r = ok("{\"llm\": {\"retries\": {\"maxAttempts\": \"20\", \"baseDelay\": \"250ms\"}}}")
                .llm().retries();
        assertEquals(new RetryPolicy(20, Duration.ofMillis(250), Duration.ofSeconds(30)), r);
        assertEquals(1000, ok("{\"agent\": {\"maxIterations\": \"1000\"}}").agent().maxIterations());
        assertEquals(URI.create("https://example.com:8443/openai/v1"),
                ok("{\"llm\": {\"baseUrl\": \" https://example.com:8443/openai/v1// \"}}").llm().baseUrl());
        assertEquals(1000, ok("{\"llm\": {\"contextWindow\": 4000}}").llm().maxOutputTokens());
        assertEquals(8192, ok("{\"llm\": {\"contextWindow\": \"1m\"}}").llm().maxOutputTokens());
        assertEquals("_K9", ok("{\"llm\": {\"apiKeyEnv\": \"_K9\"}}").llm().apiKeyEnv());
    }
}
