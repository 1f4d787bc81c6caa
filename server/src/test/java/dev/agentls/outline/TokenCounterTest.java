package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokenCounterTest {

    private static final String CODE = "public final class Greeter { String greet(String name) { return \"Hello, \""
            + " + name; } }";

    @Test
    void countsWithTheEncodingOfTheModelFamily() {
        assertEquals("o200k_base", TokenCounter.forModel("gpt-4o-mini").family());
        assertEquals("o200k_base", TokenCounter.forModel("openai/o3-mini").family());
        assertEquals("cl100k_base", TokenCounter.forModel("gpt-4-turbo").family());
        TokenCounter o200k = TokenCounter.forModel("gpt-4.1");
        assertTrue(o200k.exact());
        assertEquals(2, o200k.count("hello world"));
        assertTrue(o200k.count("<|endoftext|>") > 1, "special tokens count as ordinary text");
    }

    @Test
    void estimatesOtherModelsAndMovesTheEstimateHalfwayToEachReportedCount() {
        TokenCounter claude = TokenCounter.forModel("claude-sonnet-4-5");
        assertFalse(claude.exact());
        assertEquals("estimate (claude)", claude.family());
        assertEquals(1.15, claude.factor(), 1e-9);
        int encoded = claude.encoded(CODE);
        assertEquals(Math.round(encoded * 1.15), claude.count(CODE));

        // The provider counted 40% more than we said: the factor goes halfway there, 1.15 -> 1.15 * 1.2.
        claude.calibrate(1000, 1400);
        assertEquals(1.15 * 1.2, claude.factor(), 1e-9);
        assertEquals(Math.round(encoded * 1.15 * 1.2), claude.count(CODE));
        assertEquals(1, claude.calibrations());

        double factor = claude.factor();
        claude.calibrate(1000, 1000);
        assertEquals(factor, claude.factor(), 1e-9, "an estimate that matched leaves the factor");
    }

    @Test
    void replayedUsageConvergesOnTheProvidersRatio() {
        // Usage figures as a provider whose tokenizer yields 1.6x cl100k reports them, one request after another.
        TokenCounter llama = TokenCounter.forModel("meta-llama/llama-3.3-70b");
        assertEquals(1.05, llama.factor(), 1e-9);
        long[] encodedRequests = {1_200, 2_400, 3_100, 5_000, 5_800, 7_400, 9_000, 12_000};
        for (long encoded : encodedRequests) {
            long ours = llama.scaled(encoded);
            long reported = Math.round(encoded * 1.6);
            llama.calibrate(ours, reported);
        }
        assertEquals(1.6, llama.factor(), 0.01, "after eight reports the estimate is within 1 percent");
    }

    @Test
    void exactCountersAndUnusableReportsAreNotCorrected() {
        TokenCounter exact = TokenCounter.forModel("gpt-4o");
        exact.calibrate(1000, 5000);
        assertEquals(1.0, exact.factor());
        assertEquals(0, exact.calibrations());

        TokenCounter estimate = TokenCounter.forModel("qwen2.5-coder");
        estimate.calibrate(0, 500);
        estimate.calibrate(500, 0);
        estimate.calibrate(-3, 500);
        assertEquals(1.05, estimate.factor(), 1e-9);
        assertEquals(0, estimate.calibrations());
        // a report a hundred times ours (a provider counting something else) cannot push the factor past its bound
        for (int i = 0; i < 20; i++) {
            estimate.calibrate(100, 10_000);
        }
        assertEquals(TokenCounter.MAX_FACTOR, estimate.factor(), 1e-9);
    }

    @Test
    void theCharacterEstimateIsFourCharactersAToken() {
        TokenCounter estimate = TokenCounter.estimate();
        assertEquals(0, estimate.count(""));
        assertEquals(1, estimate.count("abcd"));
        assertEquals(2, estimate.count("abcde"));
        assertFalse(estimate.exact());
    }

    @Test
    void aSessionKeepsOneCounterPerModelSoCorrectionsCarryOver() {
        TokenCounters session = new TokenCounters();
        session.forModel("claude-opus-4").calibrate(1000, 2000);
        assertEquals(session.forModel("claude-opus-4").factor(), (1.15 + 2.3) / 2, 1e-9);
        assertEquals(1.15, session.forModel("claude-haiku-4").factor(), 1e-9);
        assertEquals(1.15, new TokenCounters().forModel("claude-opus-4").factor(), 1e-9);
    }
}
