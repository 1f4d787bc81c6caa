package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

/** Settings texts read by a real parser, for the tests of one group of {@code llm} settings each. */
final class ParsedLlm {

    private ParsedLlm() {}

    /** The {@code llm} settings of a text that must parse with no warning. */
    static LlmSettings llm(String json) throws SettingsException {
        ParsedSettings parsed = new SettingsParser().parse(SettingsParserTest.json(json));
        assertEquals(List.of(), parsed.warnings());
        return parsed.settings().llm();
    }

    /** Every error of a text that must be refused. */
    static List<String> errors(String json) {
        return assertThrows(SettingsException.class, () -> new SettingsParser().parse(SettingsParserTest.json(json)))
                .errors();
    }
}
