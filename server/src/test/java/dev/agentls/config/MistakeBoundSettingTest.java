package dev.agentls.config;

import static dev.agentls.config.ParsedLlm.errors;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code agentls.agent.maxConsecutiveMistakes}: answers in a row without a usable tool call before the run asks. */
class MistakeBoundSettingTest {

    @Test
    void threeMistakesInARowByDefaultAndTheKeyOrFlagChangesIt() throws SettingsException {
        assertEquals(3, new SettingsParser().parse(SettingsParserTest.json("{}")).settings().agent()
                .maxConsecutiveMistakes());
        assertEquals(5, new SettingsParser().parse(SettingsParserTest.json(
                "{\"agent\": {\"maxConsecutiveMistakes\": 5}}")).settings().agent().maxConsecutiveMistakes());
        assertEquals(2, new SettingsFlags(new SettingsParser()).parse(List.of("--max-mistakes", "2")).settings()
                .settings().agent().maxConsecutiveMistakes());
    }

    @Test
    void refusesABoundOutsideOneToAHundredNamingTheKey() {
        assertEquals(List.of("agentls.agent.maxConsecutiveMistakes: expected a whole number from 1 to 100, got the"
                + " number 0"), errors("{\"agent\": {\"maxConsecutiveMistakes\": 0}}"));
    }
}
