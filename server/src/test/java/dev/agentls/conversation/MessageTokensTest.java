package dev.agentls.conversation;

import dev.agentls.agent.Agent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.TokenUsage;
import dev.agentls.llm.ToolCall;
import dev.agentls.llm.ToolSpec;
import dev.agentls.outline.TokenCounter;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageTokensTest {

    private static final ModelRequest REQUEST = ModelRequest.of(List.of(
            new ModelMessage.System("You are a coding agent. Use the tools."),
            new ModelMessage.User("Make the greeting configurable"),
            ModelMessage.Assistant.of(new ToolCall("c1", "read_file", "{\"target_file\":\"src/Greeter.java\"}")),
            new ModelMessage.ToolResult("c1", "read_file", "class Greeter { String greet() { return \"hi\"; } }",
                    false)),
            List.of(new ToolSpec("read_file", "Reads a file.", "{\"type\":\"object\"}")));

    @Test
    void aRequestCountsEachMessageWithItsFramingAndEachToolDefinition() {
        TokenCounter counter = TokenCounter.forModel("gpt-4o");
        MessageTokens tokens = new MessageTokens(counter);
        long messages = 0;
        for (ModelMessage m : REQUEST.messages()) {
            messages += tokens.count(m);
        }
        long tools = counter.count("read_file\nReads a file.\n{\"type\":\"object\"}");
        assertEquals(messages + tools, tokens.count(REQUEST));
        assertEquals(MessageTokens.PER_MESSAGE + counter.count("Make the greeting configurable"),
                tokens.count(REQUEST.messages().get(1)));
    }

    @Test
    void replayedUsageCorrectsTheHistorysEstimateAndCachedCountsFollowAtOnce() {
        TokenCounter counter = TokenCounter.forModel("claude-sonnet-4-5");
        ContextHistory history = new ContextHistory(counter, 100_000, Agent.HISTORY_TOOLS);
        MessageTokens tokens = new MessageTokens(counter);
        ModelMessage user = REQUEST.messages().get(1);
        long userBefore = tokens.count(user);
        long ours = tokens.count(REQUEST);

        // The provider reported twice our count for this request: 1.15 moves halfway to 2.3.
        history.observe(REQUEST, new TokenUsage(2 * ours, 30, 0));
        assertEquals((1.15 + 2.3) / 2, counter.factor(), 0.01);
        long userAfter = tokens.count(user);
        assertEquals(MessageTokens.PER_MESSAGE + Math.round((userBefore - MessageTokens.PER_MESSAGE) / 1.15
                * counter.factor()), userAfter, 1.0, "a cached message is scaled by the new factor");

        // A provider that reports no usage (input 0) changes nothing.
        double factor = counter.factor();
        history.observe(REQUEST, TokenUsage.NONE);
        assertEquals(factor, counter.factor(), 1e-12);
        assertEquals(1, counter.calibrations());
    }

    @Test
    void theByteBoundIsNeverBelowTheCountForAnyModelOrText() {
        List<ModelMessage> messages = List.of(
                new ModelMessage.User("hello world"),
                new ModelMessage.User(""),
                new ModelMessage.User("  \t\n\n   x"),
                new ModelMessage.User("Grüße, 世界! 🎉🎉🎉 ключ = значение; ∀x∈ℝ"),
                new ModelMessage.User("a".repeat(5000)),
                new ModelMessage.User("🎉".repeat(300)),
                new ModelMessage.ToolResult("call_1", "read_file", "public class A {\n  int x = 1;\n}\n".repeat(40),
                        false));
        for (String model : List.of("gpt-4o", "gpt-4-turbo", "claude-sonnet-4-5", "qwen3-coder")) {
            TokenCounter counter = TokenCounter.forModel(model);
            counter.calibrate(1000, 3000); // an estimate pushed towards its largest factor still stays under the bound
            MessageTokens tokens = new MessageTokens(counter);
            for (ModelMessage message : messages) {
                long exact = tokens.count(message);
                long bound = tokens.upperBound(message);
                assertTrue(bound >= exact, model + ": bound " + bound + " < count " + exact + " for " + message);
            }
        }
        MessageTokens characters = new MessageTokens(TokenCounter.estimate());
        for (ModelMessage message : messages) {
            assertTrue(characters.upperBound(message) >= characters.count(message), "character estimate: " + message);
        }
    }
}
