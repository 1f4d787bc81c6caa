package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The no-progress wait: how long a stream may stay open without content before the call counts as stalled. */
class NoProgressTimeoutSettingsTest {

    private static final String FORM = "expected a duration from 1ms to 1h like \"10s\", \"500ms\" or \"2m\", got ";

    private final SettingsParser parser = new SettingsParser();

    private Timeouts timeouts(String json) throws SettingsException {
        ParsedSettings parsed = parser.parse(SettingsParserTest.json(json));
        assertEquals(List.of(), parsed.warnings());
        return parsed.settings().llm().timeouts();
    }

    @Test
    void defaultsToFiveMinutesAndLeavesTheOtherWaitsAsTheyWere() throws SettingsException {
        assertEquals(new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(120), Duration.ofSeconds(60),
                Duration.ofMinutes(5)), timeouts("{}"));
        assertEquals(Timeouts.DEFAULTS, LlmSettings.defaults(Provider.ANTHROPIC).timeouts());
    }

    @Test
    void readsTheNoProgressWaitAsASettingAndAsAFlag() throws SettingsException {
        assertEquals(Duration.ofSeconds(90), timeouts("{\"llm\": {\"timeouts\": {\"noProgress\": \"90s\"}}}")
                .noProgress());
        assertEquals(Duration.ofHours(1), timeouts("{\"llm\": {\"timeouts\": {\"noProgress\": \"1h\"}}}")
                .noProgress());
        assertEquals(Duration.ofMinutes(2), new SettingsFlags(parser).parse(List.of("--no-progress-timeout", "2m"))
                .settings().settings().llm().timeouts().noProgress());
    }

    @Test
    void refusesABadNoProgressWaitNamingTheKeyAndTheForm() {
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("\"0ms\"", "\"0ms\"");
        cases.put("\"61m\"", "\"61m\"");
        cases.put("\"soon\"", "\"soon\"");
        cases.put("\"-5s\"", "\"-5s\"");
        cases.put("300", "the number 300");
        cases.put("\"" + "9".repeat(100_000) + "s\"", null);
        for (Map.Entry<String, String> c : cases.entrySet()) {
            List<String> errors = assertThrows(SettingsException.class, () -> parser.parse(SettingsParserTest.json(
                    "{\"llm\": {\"timeouts\": {\"noProgress\": " + c.getKey() + "}}}"))).errors();
            if (c.getValue() == null) {
                assertEquals(1, errors.size());
                assertTrue(errors.get(0).startsWith("agentls.llm.timeouts.noProgress: " + FORM), errors.get(0));
                assertTrue(errors.get(0).length() < 400, "a huge value is not echoed whole");
            } else {
                assertEquals(List.of("agentls.llm.timeouts.noProgress: " + FORM + c.getValue()), errors, c.getKey());
            }
        }
        SettingsException flag = assertThrows(SettingsException.class,
                () -> new SettingsFlags(parser).parse(List.of("--no-progress-timeout=never")));
        assertEquals(List.of("--no-progress-timeout: " + FORM + "\"never\""), flag.errors());
    }

    @Test
    void theRecordRefusesAWaitThatIsNotPositive() {
        Duration s = Duration.ofSeconds(1);
        assertEquals("every wait must be positive, got PT0S", assertThrows(IllegalArgumentException.class,
                () -> new Timeouts(s, s, s, Duration.ZERO)).getMessage());
        assertEquals("every wait must be positive, got PT-1S", assertThrows(IllegalArgumentException.class,
                () -> new Timeouts(s, Duration.ofSeconds(-1), s, s)).getMessage());
    }
}
