package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.AgentSettings;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.ContextHistory;
import dev.agentls.outline.TokenCounter;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Token counts corrected from the provider's reported usage (issue 12): "test-model" has no tokenizer here, so its
 * history is counted by estimate, and each answer's reported prompt tokens correct that estimate for the requests
 * after it. Through the real loop, both protocols, a scripted model on loopback replaying the usage figures.
 */
@Tag("slow")
class TokenCalibrationRunTest {

    /** Between the estimated history of the last request (about 900 tokens) and three times it. */
    private static final long HISTORY_BUDGET = 1_400;

    @TempDir
    Path temp;

    private static ModelScript readsFourFiles(Provider provider, ToolMode mode, long reportedInput) {
        return new ModelScript(provider, mode).usage(reportedInput, 20)
                .calls("", call("read_file", "target_file", DirectRunTest.GREETER))
                .calls("", call("read_file", "target_file", "src/main/java/demo/Main.java"))
                .calls("", call("read_file", "target_file", "scripts/stats.py"))
                .calls("", call("read_file", "target_file", "scripts/test_stats.py"))
                .text("Read them all.");
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aProviderCountingFarMoreThanTheEstimateMakesTheNextRequestsPruneAtItsCount(Provider provider,
                                                                                      ToolMode mode)
            throws Exception {
        TokenCounter counter = TokenCounter.forModel("test-model");
        try (AgentHarness h = new AgentHarness(temp, readsFourFiles(provider, mode, 2_000_000),
                AgentSettings.DEFAULTS, PriceTable.EMPTY, new ContextHistory(counter, HISTORY_BUDGET, Agent.HISTORY_TOOLS))) {
            RunOutcome outcome = h.run(RunRequest.of("Read the four source files"));

            assertEquals(RunStatus.COMPLETED, outcome.status(), h.types().toString());
            assertEquals(5, counter.calibrations(), "one correction per answer that reported usage");
            assertEquals(3.0, counter.factor(), 1e-9, "pushed to the bound by a provider counting ~1000x ours");
            assertTrue(h.all(AgentEvent.ContextPruned.class).stream()
                    .anyMatch(p -> p.dropped().contains("oldest tool result")), h.types().toString());
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void withoutReportedUsageTheEstimateStaysAndTheSameHistoryFits(Provider provider, ToolMode mode)
            throws Exception {
        TokenCounter counter = TokenCounter.forModel("test-model");
        try (AgentHarness h = new AgentHarness(temp, readsFourFiles(provider, mode, 0),
                AgentSettings.DEFAULTS, PriceTable.EMPTY, new ContextHistory(counter, HISTORY_BUDGET, Agent.HISTORY_TOOLS))) {
            RunOutcome outcome = h.run(RunRequest.of("Read the four source files"));

            assertEquals(RunStatus.COMPLETED, outcome.status(), h.types().toString());
            assertEquals(0, counter.calibrations());
            assertEquals(1.05, counter.factor(), 1e-9);
            assertEquals(java.util.List.of(), h.all(AgentEvent.ContextPruned.class), "nothing to prune at 1.05");
        }
    }
}
