package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.AgentSettings;
import dev.agentls.config.ModelPrice;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LimitsTest {

    private static final String GREETER = DirectRunTest.GREETER;

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void stopsAfterMaxIterationsModelCalls(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("read_file", "target_file", GREETER))
                .calls("", call("list_dir", "relative_workspace_path", "."));
        try (AgentHarness h = new AgentHarness(temp, script, new AgentSettings(2), PriceTable.EMPTY)) {
            RunOutcome outcome = h.run(RunRequest.of("Look around"));

            assertEquals(RunStatus.MAX_ITERATIONS, outcome.status());
            assertEquals("stopped after 2 model calls (agent.maxIterations) before the task was done", outcome.text());
            assertEquals(2, h.requestBodies().size());
            assertEquals(RunStatus.MAX_ITERATIONS, h.all(AgentEvent.RunFinished.class).get(0).status());
        }
    }

    @Test
    void aTokenBudgetWarnsAt80PercentAndStopsCleanlyAt100() throws Exception {
        // 120 tokens a call against a budget of 300: 40%, 80% (warning), 120% (stop, its calls not run).
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", GREETER))
                .calls("", call("read_file", "target_file", GREETER, "start_line", 1, "end_line", 3))
                .calls("", call("write_to_file", "target_file", "LATE.md", "content", "too late"));
        AgentSettings budget = new AgentSettings(25, Optional.empty(), OptionalLong.of(300));
        try (AgentHarness h = new AgentHarness(temp, script, budget, PriceTable.EMPTY)) {
            RunOutcome outcome = h.run(RunRequest.of("Look around"));

            assertEquals(RunStatus.BUDGET, outcome.status());
            assertEquals("the run's budget of 300 tokens (360 used) was used up", outcome.text());
            assertEquals(List.of("run_started", "token_usage", "tool_call", "tool_result",
                    "token_usage", "warning", "tool_call", "tool_result",
                    "token_usage", "run_finished"), h.types());
            assertEquals("80% of the run's budget is used: 300 tokens (240 used)",
                    h.all(AgentEvent.Warning.class).get(0).message());
            List<AgentEvent.TokenUsage> usage = h.all(AgentEvent.TokenUsage.class);
            assertEquals(0.4, usage.get(0).budgetUsed().getAsDouble(), 1e-9);
            assertEquals(1.2, usage.get(2).budgetUsed().getAsDouble(), 1e-9);
            assertTrue(!java.nio.file.Files.exists(h.root.resolve("LATE.md")));
        }
    }

    @Test
    void aCostBudgetUsesThePriceTableForAnyProvider() throws Exception {
        // 1000 input at 2/M and 100 output at 10/M: 0.003 a call; a budget of 0.005 is passed by the second call.
        ModelScript script = new ModelScript(Provider.ANTHROPIC, ToolMode.NATIVE).usage(1000, 100)
                .calls("", call("read_file", "target_file", GREETER))
                .calls("", call("read_file", "target_file", GREETER, "start_line", 2));
        PriceTable prices = new PriceTable(Map.of("test-model",
                new ModelPrice(new BigDecimal("2"), new BigDecimal("10"), new BigDecimal("1"))));
        AgentSettings budget = new AgentSettings(25, Optional.of(new BigDecimal("0.005")), OptionalLong.empty());
        try (AgentHarness h = new AgentHarness(temp, script, budget, prices)) {
            RunOutcome outcome = h.run(RunRequest.of("Look around"));

            assertEquals(RunStatus.BUDGET, outcome.status());
            assertEquals("the run's budget of a cost of 0.005 (0.006 used) was used up", outcome.text());
            assertEquals(new BigDecimal("0.006"), outcome.cost().orElseThrow().stripTrailingZeros());
            assertEquals("0.003", h.all(AgentEvent.TokenUsage.class).get(0).cost().orElseThrow()
                    .stripTrailingZeros().toPlainString());
        }
    }

    @Test
    void aCostBudgetWithoutAPriceSaysSoAndFallsBackToTheTokenBudget() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", GREETER));
        AgentSettings budget = new AgentSettings(25, Optional.of(new BigDecimal("1")), OptionalLong.of(100));
        try (AgentHarness h = new AgentHarness(temp, script, budget, PriceTable.EMPTY)) {
            RunOutcome outcome = h.run(RunRequest.of("Look around"));

            assertEquals("agent.maxCost is set but llm.prices has no price for the model 'test-model', so the cost"
                    + " cannot be counted; agent.maxTokens (100) is the budget instead",
                    h.all(AgentEvent.Warning.class).get(0).message());
            assertEquals(RunStatus.BUDGET, outcome.status());
        }
    }
}
