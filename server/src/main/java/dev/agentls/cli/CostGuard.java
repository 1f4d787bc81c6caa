package dev.agentls.cli;

import dev.agentls.config.AgentLsSettings;
import java.util.Optional;

/**
 * A cost limit the run could not keep: {@code --max-cost} for a model neither the built-in price table nor the
 * user's {@code llm.prices} prices. The command line refuses such a run before it starts rather than spend
 * without counting.
 */
final class CostGuard {

    private CostGuard() {}

    /** Why the run may not start, if it may not. */
    static Optional<String> refusal(AgentLsSettings settings) {
        if (settings.agent().maxCost().isEmpty() || settings.llm().price().isPresent()) {
            return Optional.empty();
        }
        String model = settings.llm().model();
        return Optional.of("--max-cost " + settings.agent().maxCost().get().toPlainString() + " cannot be kept:"
                + " the model '" + ShownArgument.of(model) + "' has no price in the built-in table or in"
                + " agentls.llm.prices, so its cost cannot be counted. Add its price to your settings file"
                + " ({\"llm\": {\"prices\": {\"" + ShownArgument.of(model) + "\": {\"input\": 2.5, \"output\": 10}}}},"
                + " USD per million tokens) or bound the run with --max-tokens instead");
    }
}
