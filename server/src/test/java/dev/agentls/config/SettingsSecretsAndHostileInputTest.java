package dev.agentls.config;

import static dev.agentls.config.SettingsParserTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("slow")
class SettingsSecretsAndHostileInputTest {

    private static final String KEY = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789";
    private final SettingsParser parser = new SettingsParser();

    private List<String> errors(Object section) {
        return assertThrows(SettingsException.class, () -> parser.parse(section)).errors();
    }

    @Test
    void refusesAnApiKeySettingAndPointsToApiKeyEnvWithoutRepeatingTheKey() {
        for (String name : new String[] {"apiKey", "api_key", "API-KEY", "token", "secret", "authorization"}) {
            SettingsException e = assertThrows(SettingsException.class,
                    () -> parser.parse(Map.of("llm", Map.of(name, KEY))));
            assertEquals(1, e.errors().size(), e.errors().toString());
            String message = e.errors().get(0);
            assertTrue(message.startsWith("agentls.llm." + name + ": API keys are never settings"), message);
            assertTrue(message.contains("agentls.llm.apiKeyEnv"), message);
            assertFalse(e.getMessage().contains("abcdefghij"), e.getMessage());
        }
    }

    @Test
    void refusesAKeyPastedIntoAnySettingWithoutRepeatingIt() {
        for (String field : new String[] {"apiKeyEnv", "model", "baseUrl", "someNewSetting"}) {
            SettingsException e = assertThrows(SettingsException.class,
                    () -> parser.parse(Map.of("llm", Map.of(field, KEY))));
            String message = e.errors().get(0);
            assertTrue(message.startsWith("agentls.llm." + field + ": "), message);
            assertTrue(message.contains("apiKeyEnv"), message);
            assertFalse(e.getMessage().contains("proj-abc"), e.getMessage());
        }
        List<String> errs = errors(Map.of("llm", Map.of("prices", Map.of(KEY, Map.of("input", 1, "output", 2)))));
        assertFalse(errs.toString().contains("proj-abc"), errs.toString());
        List<String> named = errors(Map.of("llm", Map.of(KEY, 1)));
        assertFalse(named.toString().contains("proj-abc"), named.toString());
    }

    @Test
    void refusesCredentialsInTheBaseUrl() {
        List<String> errs = errors(Map.of("llm", Map.of("baseUrl", "https://me:hunter2@api.example.com/v1")));
        assertTrue(errs.get(0).contains("carries credentials"), errs.toString());
    }

    @Test
    void refusesWrongJsonTypesForEveryKindOfValue() {
        Object[] wrong = {List.of(1), Map.of("a", 1), true, new Object()};
        for (Object w : wrong) {
            Map<String, Object> llm = new LinkedHashMap<>();
            llm.put("provider", w);
            llm.put("maxOutputTokens", w);
            llm.put("safeZone", w);
            llm.put("timeouts", Map.of("connect", w));
            llm.put("prices", Map.of("m", Map.of("input", w, "output", 1)));
            List<String> errs = errors(Map.of("llm", llm));
            assertEquals(5, errs.size(), w + " -> " + errs);
        }
    }

    @Test
    void refusesNotFiniteNegativeAndOverflowingNumbers() {
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> refusesBadNumbers());
    }

    private void refusesBadNumbers() {
        for (Object bad : new Object[] {Double.NaN, Double.POSITIVE_INFINITY, -1, Long.MAX_VALUE,
                new BigInteger("1" + "0".repeat(400)), new BigDecimal("1e400"), new BigDecimal("1e999999999"),
                2147483648L, 1e300}) {
            List<String> errs = errors(Map.of("llm", Map.of("maxOutputTokens", bad)));
            assertEquals(1, errs.size(), bad + " -> " + errs);
            assertTrue(errs.get(0).startsWith("agentls.llm.maxOutputTokens: expected a whole number of tokens"),
                    errs.get(0));
            assertTrue(errs.get(0).length() < 300, errs.get(0));
        }
        assertTrue(errors(Map.of("llm", Map.of("safeZone", Double.NaN))).get(0)
                .endsWith("got a number that is not finite"));
        assertTrue(errors(json("{\"llm\": {\"contextWindow\": 1e999999}}")).get(0)
                .startsWith("agentls.llm.contextWindow: expected"));
        assertTrue(errors(Map.of("llm", Map.of("prices", Map.of("m", Map.of("input", -1, "output", 1))))).get(0)
                .startsWith("agentls.llm.prices.m.input: expected a price in currency units per million tokens"));
        assertTrue(errors(Map.of("llm", Map.of("timeouts", Map.of("connect", "99999999999999999999s")))).get(0)
                .startsWith("agentls.llm.timeouts.connect: expected a duration"));
    }

    @Test
    void aHugeStringIsRefusedQuicklyAndEchoedShort() {
        String huge = "9".repeat(5_000_000);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (String key : new String[] {"model", "safeZone", "baseUrl", "maxOutputTokens", "provider"}) {
                List<String> errs = errors(Map.of("llm", Map.of(key, huge)));
                assertEquals(1, errs.size(), key);
                assertTrue(errs.get(0).length() < 400, key + ": " + errs.get(0).length());
                assertTrue(errs.get(0).contains("(5000000 chars)"), errs.get(0));
            }
        });
    }

    @Test
    void deepNestingAndManyUnknownKeysCostLittleAndReportBoundedWarnings() throws SettingsException {
        Object deep = "leaf";
        for (int i = 0; i < 100_000; i++) {
            deep = Map.of("x", deep);
        }
        Map<String, Object> llm = new HashMap<>();
        llm.put("model", deep);
        List<String> errs = errors(Map.of("llm", llm));
        assertEquals(List.of("agentls.llm.model: expected a model name (1 to 200 characters, no control"
                + " characters), got an object"), errs);

        Map<String, Object> many = new LinkedHashMap<>();
        for (int i = 0; i < 100_000; i++) {
            many.put("unknown" + i, deep);
        }
        ParsedSettings parsed = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> parser.parse(many));
        assertEquals(Problems.MAX_WARNINGS + 1, parsed.warnings().size());
        assertEquals("... and 99950 more warnings", parsed.warnings().get(Problems.MAX_WARNINGS));

        StringBuilder nested = new StringBuilder();
        nested.append("{\"llm\": {\"model\": \"m\"}, \"z\": ").append("[".repeat(900)).append("]".repeat(900))
                .append("}");
        assertEquals("m", parser.parse(json(nested.toString())).settings().llm().model());
    }

    @Test
    void manyErrorsAreCappedWithACount() {
        Map<String, Object> prices = new LinkedHashMap<>();
        for (int i = 0; i < 500; i++) {
            prices.put("m" + i, Map.of("input", "bad", "output", 1));
        }
        List<String> errs = errors(Map.of("llm", Map.of("prices", prices)));
        assertEquals(Problems.MAX_ERRORS + 1, errs.size());
        assertEquals("... and 400 more errors", errs.get(Problems.MAX_ERRORS));
    }

    @Test
    void aPricedModelNeedsInputAndOutputAndDefaultsCachedToInput() throws SettingsException {
        assertEquals(List.of("agentls.llm.prices.m.output: a priced model needs both input and output prices"),
                errors(Map.of("llm", Map.of("prices", Map.of("m", Map.of("input", 1))))));
        ModelPrice p = parser.parse(Map.of("llm", Map.of("prices", Map.of("m", Map.of("input", "2.5", "output", 10)))))
                .settings().llm().prices().forModel("m").orElseThrow();
        assertEquals(0, p.cachedInputPerMillion().compareTo(new BigDecimal("2.5")));
        assertEquals(0, p.cost(1_000_000, 0, 100_000).compareTo(new BigDecimal("3.5")));
        Map<String, Object> tooMany = new HashMap<>();
        for (int i = 0; i < 1001; i++) {
            tooMany.put("m" + i, Map.of("input", 1, "output", 1));
        }
        assertEquals(List.of("agentls.llm.prices: at most 1000 models, got 1001"),
                errors(Map.of("llm", Map.of("prices", tooMany))));
    }
}
