package dev.agentls.bench;

/**
 * A provider's published input pricing with prompt caching, as multiples of the base input price: what one request's
 * input costs given how many of its leading tokens the previous request already sent (the cached prefix).
 * Anthropic (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching#pricing): a cache read costs 0.1x,
 * and with the breakpoint at the end of the history every other input token is a cache write at 1.25x; prompts under
 * 1,024 tokens are not cached. OpenAI (https://platform.openai.com/docs/guides/prompt-caching): prompts of 1,024
 * tokens and more have their prefix cached in steps of 128 tokens, read at GPT-4.1's discount (0.25x: $0.50 against
 * $2.00 per million), the rest at the base price; there is no write charge.
 */
record CachePricing(String name, double write, double read, int minimum, int step) {

    static final CachePricing ANTHROPIC = new CachePricing("Anthropic", 1.25, 0.10, 1024, 1);
    static final CachePricing OPENAI = new CachePricing("OpenAI", 1.0, 0.25, 1024, 128);

    /** The input cost of one request, in base-price tokens. */
    double cost(long prefixTokens, long totalTokens) {
        long cached = totalTokens < minimum ? 0 : Math.min(prefixTokens, totalTokens) / step * step;
        return read * cached + write * (totalTokens - cached);
    }
}
