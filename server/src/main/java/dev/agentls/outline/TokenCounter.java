package dev.agentls.outline;

/** Counts the tokens of a text as the model will see it; the repo map is fitted to a budget with it. */
@FunctionalInterface
public interface TokenCounter {

    int count(String text);

    /** An estimate for when no tokenizer is at hand: about four characters a token, as code averages. */
    static TokenCounter estimate() {
        return text -> (text.length() + 3) / 4;
    }
}
