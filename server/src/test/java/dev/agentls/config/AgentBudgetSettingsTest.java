package dev.agentls.config;

import static dev.agentls.config.ParsedLlm.errors;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class AgentBudgetSettingsTest {

    private static AgentSettings agent(String json) throws SettingsException {
        ParsedSettings parsed = new SettingsParser().parse(SettingsParserTest.json(json));
        assertEquals(List.of(), parsed.warnings());
        return parsed.settings().agent();
    }

    @Test
    void noBudgetByDefault() throws SettingsException {
        AgentSettings agent = agent("{}");
        assertEquals(Optional.empty(), agent.maxCost());
        assertEquals(OptionalLong.empty(), agent.maxTokens());
    }

    @Test
    void readsACostBudgetAndATokenBudget() throws SettingsException {
        AgentSettings agent = agent("{\"agent\": {\"maxCost\": \"0.5\", \"maxTokens\": \"200k\"}}");
        assertEquals(0, new BigDecimal("0.5").compareTo(agent.maxCost().orElseThrow()));
        assertEquals(200_000, agent.maxTokens().getAsLong());
        assertEquals(0, new BigDecimal("2").compareTo(agent("{\"agent\": {\"maxCost\": 2}}").maxCost().orElseThrow()));
    }

    @Test
    void refusesBadBudgetsNamingKeyAndForm() {
        assertEquals(List.of("agentls.agent.maxCost: a positive amount in the price table's currency units, like 0.5,"
                + " got 0"), errors("{\"agent\": {\"maxCost\": 0}}"));
        assertEquals(List.of("agentls.agent.maxCost: expected a positive amount in the price table's currency units,"
                + " like 0.5, got the number -1"), errors("{\"agent\": {\"maxCost\": -1}}"));
        assertEquals(List.of("agentls.agent.maxTokens: expected a whole number of tokens like 8192 or \"8k\" between 1"
                + " and 1000m, got \"lots\""), errors("{\"agent\": {\"maxTokens\": \"lots\"}}"));
    }

    @Test
    void theFlagsSetTheSameKeys() throws SettingsException {
        SettingsFlags.Result result = new SettingsFlags(new SettingsParser()).parse(List.of("--max-cost", "1.25",
                "--max-tokens", "50k"));
        AgentSettings agent = result.settings().settings().agent();
        assertEquals(0, new BigDecimal("1.25").compareTo(agent.maxCost().orElseThrow()));
        assertEquals(50_000, agent.maxTokens().getAsLong());
    }
}
