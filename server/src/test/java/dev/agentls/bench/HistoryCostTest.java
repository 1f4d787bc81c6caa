package dev.agentls.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.outline.TokenCounter;
import org.junit.jupiter.api.Test;

/** The history policy priced as providers bill it: prompt-cache reads and writes, against an append-only history. */
class HistoryCostTest {

    @Test
    void historyPolicyBillsAtMostFourFifthsOfAnAppendOnlyHistoryUnderCachePricing() {
        ContextBench.Session session = ContextBench.session(TokenCounter.forModel("gpt-4o"), 60_000);

        assertTrue(session.anthropicCost() <= 0.8, "Anthropic: " + session.anthropicCost() + "x append-only");
        assertTrue(session.openAiCost() <= 0.8, "OpenAI: " + session.openAiCost() + "x append-only");
        assertTrue(session.newestAlways(), "every request holds the newest copy of every file read");
    }

    @Test
    void pricesCacheReadsAndWritesApartAsEachProviderPublishes() {
        assertEquals(0.1 * 2000 + 1.25 * 1000, CachePricing.ANTHROPIC.cost(2000, 3000), 1e-9);
        assertEquals(1.25 * 900, CachePricing.ANTHROPIC.cost(900, 900), 1e-9, "under 1,024 tokens nothing is cached");
        assertEquals(0.25 * 1920 + 1080, CachePricing.OPENAI.cost(2000, 3000), 1e-9, "cached in steps of 128");
    }
}
