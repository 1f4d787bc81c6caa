package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SortedSet;
import org.junit.jupiter.api.Test;

/** {@link SettingsParser#keys()}: the keys the parser reads, which the documentation test holds the manual to. */
class SettingsKeysTest {

    private final SettingsParser parser = new SettingsParser();

    @Test
    void keysAreTheFullKeysOfEveryValueTheParserReadsWithThePriceTableByModel() {
        SortedSet<String> keys = parser.keys();
        for (String key : new String[] {"agentls.llm.model", "agentls.llm.timeouts.noProgress",
                "agentls.llm.retries.maxDelay", "agentls.llm.prices.<model>.cachedInput",
                "agentls.agent.maxConsecutiveMistakes", "agentls.mcp.servers", "agentls.editor.doneInstruction"}) {
            assertTrue(keys.contains(key), key + " in " + keys);
        }
        assertFalse(keys.contains("agentls.llm"), "groups are not keys: " + keys);
        assertFalse(keys.contains("agentls.llm.timeouts"), "groups are not keys: " + keys);
    }

    @Test
    void everyKeyItNamesIsTakenWithoutAnUnknownSettingWarning() throws SettingsException {
        // Each key set to a bad value must be reported as that key, never as an unknown setting.
        for (String key : parser.keys()) {
            String[] path = key.replace("<model>", "m").split("\\.");
            Object value = "not a value";
            for (int i = path.length - 1; i > 0; i--) {
                value = Map.of(path[i], value);
            }
            try {
                ParsedSettings parsed = parser.parse(value);
                assertTrue(parsed.warnings().stream().noneMatch(w -> w.contains("unknown setting")),
                        key + ": " + parsed.warnings());
            } catch (SettingsException e) {
                assertFalse(e.getMessage().contains("unknown setting"), key + ": " + e.getMessage());
            }
        }
    }
}
