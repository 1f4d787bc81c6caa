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

    @Test
    void theByteBoundIsNeverBelowTheCountForAnyModelOrText() {
        java.util.List<ModelMessage> messages = java.util.List.of(
                new ModelMessage.User("hello world"),
                new ModelMessage.User(""),
                new ModelMessage.User("  \t\n\n   x"),
                new ModelMessage.User("Grüße, 世界! 🎉🎉🎉 ключ = значение; ∀x∈ℝ"),
                new ModelMessage.User("a".repeat(5000)),
                new ModelMessage.User("🎉".repeat(300)),
                new ModelMessage.ToolResult("call_1", "read_file", "public class A {\n  int x = 1;\n}\n".repeat(40),
                        false));
        for (String model : java.util.List.of("gpt-4o", "gpt-4-turbo", "claude-sonnet-4-5", "qwen3-coder")) {
            TokenCounter counter = new TokenCounter(model);
            counter.calibrate(1000, 3000); // an estimate pushed to its largest factor still stays under the bound
            for (ModelMessage message : messages) {
                long exact = counter.count(message);
                long bound = counter.upperBound(message);
                assertTrue(bound >= exact, model + ": bound " + bound + " < count " + exact + " for " + message);
            }
        }
    }
}
