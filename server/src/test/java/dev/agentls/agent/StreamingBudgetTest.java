package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.AgentSettings;
import dev.agentls.config.ModelPrice;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.llm.ModelEvent;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The run's budget holds while an answer streams: once the answer's estimated tokens pass what the budget has left,
 * the call is stopped (its connection closed, the rest never read), the text that had streamed is kept as the answer,
 * and the run ends as over budget, saying the answer was cut by it. The model here streams half its answer, then
 * waits two minutes before the rest: a run that ends at once was not waiting for it.
 */
class StreamingBudgetTest {

    private static final long WAIT_MS = 120_000;

    @TempDir
    Path temp;

    @ParameterizedTest
    @EnumSource(value = Provider.class, names = {"OPENAI", "ANTHROPIC"})
    void anAnswerPassingTheTokenBudgetIsCutWhileItStreamsAndTheRunSaysSo(Provider provider) throws Exception {
        // 600 characters, 300 streamed before the wait: 100 estimated tokens, past the 50 the budget allows.
        String answer = "word ".repeat(120);
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE).pausingText(answer, WAIT_MS)
                .text("Resumed.");
        AgentSettings budget = new AgentSettings(25, Optional.empty(), OptionalLong.of(50));
        try (AgentHarness h = new AgentHarness(temp, script, budget, PriceTable.EMPTY)) {
            RunOutcome outcome = h.run(RunRequest.of("Write a lot"));

            assertEquals(RunStatus.BUDGET, outcome.status());
            assertEquals("the answer was cut by the budget after about 100 tokens (50 were left); the run's budget"
                    + " of 50 tokens (100 used) is used up", outcome.text());
            assertEquals(outcome.text(), h.all(AgentEvent.Warning.class).get(0).message());
            String shown = String.join("", h.all(AgentEvent.Text.class).stream().map(AgentEvent.Text::text).toList());
            assertEquals(answer.substring(0, answer.length() / 2), shown, "what streamed before the cut is shown");
            assertEquals(100, outcome.usage().output(), "the cut answer's estimate is counted");

            // The cut text is the answer the conversation keeps: the next run's request carries it.
            RunOutcome next = h.start(RunRequest.of("Go on").withConversation(outcome.conversationId())).outcome()
                    .get(60, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(RunStatus.COMPLETED, next.status());
            assertTrue(h.requestBodies().get(1).contains(answer.substring(0, answer.length() / 2).strip()),
                    h.requestBodies().get(1));
        }
    }

    @Test
    void aCostBudgetAllowsTheOutputTokensItsPriceLeaves() throws Exception {
        // 0.0005 at 10 per million output tokens: 50 tokens, passed by the 100 estimated before the wait.
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE).pausingText("word ".repeat(120),
                WAIT_MS);
        PriceTable prices = new PriceTable(Map.of("test-model",
                new ModelPrice(new BigDecimal("2"), new BigDecimal("10"), new BigDecimal("1"))));
        AgentSettings budget = new AgentSettings(25, Optional.of(new BigDecimal("0.0005")), OptionalLong.empty());
        try (AgentHarness h = new AgentHarness(temp, script, budget, prices)) {
            RunOutcome outcome = h.run(RunRequest.of("Write a lot"));

            assertEquals(RunStatus.BUDGET, outcome.status());
            assertTrue(outcome.text().startsWith("the answer was cut by the budget after about 100 tokens (50 were"
                    + " left); the run's budget of a cost of 0.0005 (0.001 used)"), outcome.text());
        }
    }

    @Test
    void anAnswerWithinTheBudgetIsNotCut() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE).text("Short answer.");
        AgentSettings budget = new AgentSettings(25, Optional.empty(), OptionalLong.of(1_000));
        try (AgentHarness h = new AgentHarness(temp, script, budget, PriceTable.EMPTY)) {
            RunOutcome outcome = h.run(RunRequest.of("Say little"));

            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertEquals("Short answer.", outcome.text());
            assertTrue(h.all(AgentEvent.Warning.class).isEmpty());
        }
    }

    @Test
    void theEstimateCountsAThirdOfATokenPerUtf8ByteAndPassesOnlyPastTheAllowance() {
        AnswerAllowance allowance = new AnswerAllowance(2);
        assertFalse(allowance.charge(new ModelEvent.TextDelta("abcdef")), "6 bytes: 2 tokens, not past 2");
        assertEquals(2, allowance.estimatedTokens());
        assertTrue(allowance.charge(new ModelEvent.ThinkingDelta("\u4f60")), "3 more bytes: 3 tokens");
        AnswerAllowance arguments = new AnswerAllowance(0);
        assertFalse(arguments.charge(new ModelEvent.Usage(dev.agentls.llm.TokenUsage.NONE, Optional.empty())));
        assertTrue(arguments.charge(new ModelEvent.ToolCallArgumentsDelta("c", "{")));
    }
}
