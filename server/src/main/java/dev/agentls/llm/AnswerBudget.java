package dev.agentls.llm;

/**
 * The size limit of one logical answer, across its continuation rounds: counts the characters of everything the
 * consumer has to keep (text, thinking and its signatures, redacted thinking data, tool-call argument fragments)
 * and refuses the event that would pass the limit, so a model that streams without end costs bounded memory.
 * Events that only repeat what was counted (a completed call's arguments) or carry no content are free. One per
 * call, used on the call's thread only.
 */
final class AnswerBudget {

    private final long limit;
    private long used;

    AnswerBudget(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("the answer size limit must be positive, got " + limit);
        }
        this.limit = limit;
    }

    /** Counts {@code event}; fails with {@link ModelFailure.AnswerTooLarge} when it would pass the limit. */
    void charge(ModelEvent event) throws FailureException {
        long size = size(event);
        if (size > limit - used) {
            throw new FailureException(new ModelFailure.AnswerTooLarge(limit, used + size));
        }
        used += size;
    }

    private static long size(ModelEvent event) {
        if (event instanceof ModelEvent.TextDelta t) {
            return t.text().length();
        } else if (event instanceof ModelEvent.ThinkingDelta t) {
            return t.text().length();
        } else if (event instanceof ModelEvent.ThinkingSignature s) {
            return s.signature().length();
        } else if (event instanceof ModelEvent.RedactedThinking r) {
            return r.data().length();
        } else if (event instanceof ModelEvent.ToolCallArgumentsDelta a) {
            return a.fragment().length();
        }
        return 0;
    }
}
