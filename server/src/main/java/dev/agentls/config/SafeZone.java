package dev.agentls.config;

/**
 * How much of the context window a prompt may fill before the oldest tool results are pruned: either an absolute
 * token count ({@code "80k"}) or a fraction of the window ({@code "0.8"}). Resolve it against the window in use.
 */
public sealed interface SafeZone {

    /** The safe zone in tokens for a model with this context window; never more than the window itself. */
    int resolveTokens(int contextWindow);

    /** An absolute number of tokens, at least 1. */
    record Tokens(int tokens) implements SafeZone {
        public Tokens {
            if (tokens < 1) {
                throw new IllegalArgumentException("safe zone tokens must be at least 1, got " + tokens);
            }
        }

        @Override
        public int resolveTokens(int contextWindow) {
            return Math.min(tokens, contextWindow);
        }
    }

    /** A share of the context window, greater than 0 and at most 1. */
    record Fraction(double fraction) implements SafeZone {
        public Fraction {
            if (!(fraction > 0 && fraction <= 1)) {
                throw new IllegalArgumentException("safe zone fraction must be in (0, 1], got " + fraction);
            }
        }

        @Override
        public int resolveTokens(int contextWindow) {
            return (int) Math.floor(contextWindow * fraction);
        }
    }
}
