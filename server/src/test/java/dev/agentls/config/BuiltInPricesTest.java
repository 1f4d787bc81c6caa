package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shipped price table: dated, sourced, pricing each provider's default model; the user's table laid over it. */
class BuiltInPricesTest {

    @Test
    void theTableIsDatedAndNamesItsSources() {
        BuiltInPrices prices = BuiltInPrices.read();
        LocalDate.parse(prices.asOf());
        assertTrue(prices.sources().stream().anyMatch(s -> s.startsWith("https://platform.openai.com/")));
        assertTrue(prices.sources().stream().anyMatch(s -> s.startsWith("https://platform.claude.com/")));
        assertTrue(prices.table().byModel().size() >= 10, prices.table().byModel().keySet().toString());
    }

    @Test
    void eachProvidersDefaultModelIsPricedWithoutAnySettings() {
        for (Provider provider : Provider.values()) {
            assertTrue(LlmSettings.defaults(provider).price().isPresent(), provider + " " + provider.defaultModel());
        }
        ModelPrice gpt4o = BuiltInPrices.read().table().forModel("gpt-4o").orElseThrow();
        // 1m uncached input, 1m output at gpt-4o's $2.50 / $10.
        assertEquals(0, new BigDecimal("12.5").compareTo(gpt4o.cost(1_000_000, 0, 1_000_000)));
    }

    @Test
    void everyDefaultSharesTheTableParsedOnce() {
        assertSame(LlmSettings.defaults(Provider.OPENAI).prices(), LlmSettings.defaults(Provider.ANTHROPIC).prices());
        assertSame(LlmSettings.defaults(Provider.OPENAI).prices(), BuiltInPrices.shipped().table());
        // A second parse makes a new table, which the shared one is not.
        assertNotSame(BuiltInPrices.read().table(), BuiltInPrices.shipped().table());
    }

    @Test
    void aDatedSnapshotTakesItsModelsPrice() {
        PriceTable table = BuiltInPrices.read().table();
        assertEquals(table.forModel("claude-sonnet-4-5"), table.forModel("claude-sonnet-4-5-20250929"));
        assertEquals(table.forModel("gpt-4o"), table.forModel("gpt-4o-2024-08-06"));
        assertTrue(table.forModel("my-local-llama").isEmpty());
    }

    @Test
    void theUsersPricesWinOverTheBuiltInOnesAndAddModels() throws Exception {
        ParsedSettings parsed = new SettingsParser().parse(Map.of("llm", Map.of("prices", Map.of(
                "gpt-4o", Map.of("input", "1", "output", "2"),
                "my-local-llama", Map.of("input", "0", "output", "0")))));
        PriceTable table = parsed.settings().llm().prices();
        assertEquals(0, BigDecimal.ONE.compareTo(table.forModel("gpt-4o").orElseThrow().inputPerMillion()));
        assertTrue(table.forModel("my-local-llama").isPresent());
        assertTrue(table.forModel("claude-haiku-4-5").isPresent(), "the built-in rows stay");
    }
}
