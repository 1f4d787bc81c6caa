package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole-answer bound: how long one answer may take, however steadily it streams. */
class WholeAnswerTimeoutSettingsTest {

    private static final String FORM = "expected a duration from 1ms to 24h like \"20m\" or \"1h\", got ";

    private final SettingsParser parser = new SettingsParser();

    private Timeouts timeouts(String json) throws SettingsException {
        ParsedSettings parsed = parser.parse(SettingsParserTest.json(json));
        assertEquals(List.of(), parsed.warnings());
        return parsed.settings().llm().timeouts();
    }

    @Test
    void defaultsToTwentyMinutes() throws SettingsException {
        assertEquals(Duration.ofMinutes(20), timeouts("{}").wholeAnswer());
        assertEquals(Timeouts.DEFAULT_WHOLE_ANSWER, LlmSettings.defaults(Provider.OPENAI).timeouts().wholeAnswer());
    }

    @Test
    void readsTheWholeAnswerBoundAsASettingAndAsAFlag() throws SettingsException {
        assertEquals(Duration.ofHours(2), timeouts("{\"llm\": {\"timeouts\": {\"wholeAnswer\": \"2h\"}}}")
                .wholeAnswer());
        assertEquals(Duration.ofSeconds(90), new SettingsFlags(parser).parse(List.of("--answer-timeout", "90s"))
                .settings().settings().llm().timeouts().wholeAnswer());
    }

    @Test
    void refusesABadWholeAnswerBoundNamingTheKeyAndTheForm() {
        for (String bad : List.of("\"0s\"", "\"25h\"", "\"forever\"")) {
            List<String> errors = assertThrows(SettingsException.class, () -> parser.parse(SettingsParserTest.json(
                    "{\"llm\": {\"timeouts\": {\"wholeAnswer\": " + bad + "}}}"))).errors();
            assertEquals(List.of("agentls.llm.timeouts.wholeAnswer: " + FORM + bad), errors, bad);
        }
        SettingsException flag = assertThrows(SettingsException.class,
                () -> new SettingsFlags(parser).parse(List.of("--answer-timeout=never")));
        assertEquals(List.of("--answer-timeout: " + FORM + "\"never\""), flag.errors());
    }
}
