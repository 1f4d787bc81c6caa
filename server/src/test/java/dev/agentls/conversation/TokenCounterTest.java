package dev.agentls.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.ModelMessage;
import org.junit.jupiter.api.Test;

class TokenCounterTest {

    @Test
    void countsWithTheEncodingOfTheModelFamily() {
        assertEquals("o200k_base", new TokenCounter("gpt-4o-mini").family());
        assertEquals("o200k_base", new TokenCounter("openai/o3-mini").family());
        assertEquals("cl100k_base", new TokenCounter("gpt-4-turbo").family());
        TokenCounter o200k = new TokenCounter("gpt-4.1");
        assertTrue(o200k.exact());
        assertEquals(2, o200k.count("hello world"));
        assertEquals(3, o200k.count("<|endoftext|>") > 1 ? 3 : 0, "special tokens count as ordinary text");
    }

    @Test
    void estimatesOtherModelsAndCorrectsTheEstimateFromReportedUsage() {
        TokenCounter claude = new TokenCounter("claude-sonnet-4-5");
        assertFalse(claude.exact());
        assertEquals("estimate (claude)", claude.family());
        String text = "public final class Greeter { String greet(String name) { return \"Hello, \" + name; } }";
        long before = claude.count(new ModelMessage.User(text));
        claude.calibrate(1000, 1400);
        long after = claude.count(new ModelMessage.User(text));
        assertTrue(after > before, before + " -> " + after + " after the provider reported 40% more");
        double factor = claude.factor();
        claude.calibrate(1000, 1000);
        assertEquals(factor, claude.factor(), 1e-9, "an estimate that matched leaves the factor");
        TokenCounter exact = new TokenCounter("gpt-4o");
        exact.calibrate(1000, 5000);
        assertEquals(1.0, exact.factor(), "an exact tokenizer is not corrected");
    }
}
