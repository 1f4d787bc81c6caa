package dev.agentls.outline;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@link TokenCounter} per model name for the life of a session (an editor's server, a terminal run), so the
 * corrections an estimating counter learns from one run's reported usage hold for the next run on the same model.
 * Thread-safe.
 */
public final class TokenCounters {

    private final Map<String, TokenCounter> byModel = new ConcurrentHashMap<>();

    /** The session's counter for {@code model}, made on first use. */
    public TokenCounter forModel(String model) {
        return byModel.computeIfAbsent(model, TokenCounter::forModel);
    }
}
