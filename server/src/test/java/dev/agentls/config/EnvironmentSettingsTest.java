package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The AGENTLS_* variables as a settings layer, and layers merged key by key. */
class EnvironmentSettingsTest {

    @Test
    void setVariablesBecomeTheirKeysAndEmptyOnesCountAsUnset() {
        Map<String, Object> section = EnvironmentSettings.section(Map.of("AGENTLS_MODEL", "m1",
                "AGENTLS_MAX_COST", "0.5", "AGENTLS_BASE_URL", "", "PATH", "/bin"));
        assertEquals(Map.of("llm", Map.of("model", "m1"), "agent", Map.of("maxCost", "0.5")), section);
        assertEquals(Map.of("agentls.llm.model", "AGENTLS_MODEL", "agentls.agent.maxCost", "AGENTLS_MAX_COST"),
                EnvironmentSettings.names(Map.of("AGENTLS_MODEL", "m1", "AGENTLS_MAX_COST", "0.5",
                        "AGENTLS_BASE_URL", "")));
    }

    @Test
    void aBadVariableIsReportedByTheVariablesName() {
        Map<String, String> env = Map.of("AGENTLS_MAX_ITERATIONS", "many");
        SettingsException e = org.junit.jupiter.api.Assertions.assertThrows(SettingsException.class,
                () -> new SettingsFlags(new SettingsParser()).parse(List.of(), EnvironmentSettings.section(env),
                        EnvironmentSettings.names(env)));
        assertTrue(e.errors().get(0).startsWith("AGENTLS_MAX_ITERATIONS: expected a whole number"), e.errors().get(0));
    }

    @Test
    void higherLayersWinKeyByKeyAndLowerKeysStay() {
        Object merged = SettingsLayers.stack(java.util.Arrays.asList(
                Map.of("llm", Map.of("model", "user", "contextWindow", 64000)),
                null,
                Map.of("llm", Map.of("model", "project"), "agent", Map.of("maxIterations", 5))));
        assertEquals(Map.of("llm", Map.of("model", "project", "contextWindow", 64000), "agent",
                Map.of("maxIterations", 5)), merged);
    }
}
