package dev.agentls.outline;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * Counts the tokens of a text as a model will see it: the one token counter of AgentLS, used to fit the repo map and
 * the rules to their budgets and to keep a conversation within the safe zone. With jtokkit in the encoding the model
 * family uses ({@code o200k_base} for GPT-4o, GPT-4.1, GPT-5 and the o-series, {@code cl100k_base} for GPT-4 and
 * GPT-3.5), the count is exact. Other models (Claude, Llama, Qwen, DeepSeek...) have no tokenizer here, so their
 * count is a calibrated estimate: the {@code cl100k_base} count times a factor that starts at the family's usual
 * ratio and is corrected from the prompt tokens the provider reports for each request ({@link #calibrate}).
 * {@link #estimate()} is the cheapest count, four characters a token, for layers counted before a model is known.
 * Thread-safe; keep one per model for a session ({@link TokenCounters}) so the corrections carry over.
 */
public final class TokenCounter {

    /** The factor never leaves this range, so one absurd report cannot make every count useless. */
    static final double MIN_FACTOR = 0.5;
    static final double MAX_FACTOR = 3.0;

    private final ToIntFunction<String> encoding;
    /** Whether {@link #encoding} runs a tokenizer (else it is the characters estimate, cheap from the first count). */
    private final boolean tokenizes;
    private final boolean exact;
    private final String family;
    private double factor;
    private long calibrations;

    private TokenCounter(ToIntFunction<String> encoding, boolean tokenizes, boolean exact, String family,
                         double factor) {
        this.encoding = encoding;
        this.tokenizes = tokenizes;
        this.exact = exact;
        this.family = family;
        this.factor = factor;
    }

    /** The counter for a model, by its name as the provider takes it ({@code gpt-4o}, {@code openai/o3-mini}). */
    public static TokenCounter forModel(String model) {
        String m = model.toLowerCase(Locale.ROOT);
        String name = m.substring(m.lastIndexOf('/') + 1);
        if (name.startsWith("gpt-4o") || name.startsWith("gpt-4.1") || name.startsWith("gpt-4.5")
                || name.startsWith("gpt-5") || name.matches("o[1-9].*") || name.startsWith("chatgpt-4o")
                || name.startsWith("gpt-oss")) {
            return new TokenCounter(encoded(EncodingType.O200K_BASE), true, true, "o200k_base", 1.0);
        }
        if (name.startsWith("gpt-4") || name.startsWith("gpt-3.5") || name.startsWith("text-embedding")) {
            return new TokenCounter(encoded(EncodingType.CL100K_BASE), true, true, "cl100k_base", 1.0);
        }
        // Claude's tokenizer yields more tokens than cl100k on code and prose; start there and learn.
        boolean claude = name.startsWith("claude");
        return new TokenCounter(encoded(EncodingType.CL100K_BASE), true, false, claude ? "estimate (claude)" : "estimate",
                claude ? 1.15 : 1.05);
    }

    /** About four characters a token, as code averages: for when no model is known yet. Calibrates like others. */
    public static TokenCounter estimate() {
        return new TokenCounter(text -> (text.length() + 3) / 4, false, false, "estimate (characters)", 1.0);
    }

    /**
     * A counter over the given tokenizer, exact for its model: for tests that must see when a count runs it (a
     * byte-level BPE tokenizer gives at most one token per UTF-8 byte, which {@link #upperBound} relies on).
     */
    static TokenCounter withTokenizer(ToIntFunction<String> tokenizer, String family) {
        return new TokenCounter(tokenizer, true, true, family, 1.0);
    }

    private static ToIntFunction<String> encoded(EncodingType type) {
        return type == EncodingType.O200K_BASE
                ? text -> O200k.ENCODING.countTokensOrdinary(text)
                : text -> Cl100k.ENCODING.countTokensOrdinary(text);
    }

    /*
     * The encodings, each loaded at its first count and then shared by every counter of the process: loading one
     * parses its ranks (about 0.3 s of CPU, the largest part of a run's start when every counter did it again), and
     * an Encoding is immutable and thread-safe. A class holder loads lazily and safely.
     */
    private static final class Cl100k {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
    }

    private static final class O200k {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    }

    /** The encoding used ({@code o200k_base}, {@code cl100k_base}), or an estimate's name where none fits. */
    public String family() {
        return family;
    }

    /** Whether counts are exact for this model (else a calibrated estimate). */
    public boolean exact() {
        return exact;
    }

    /**
     * Whether a count runs a tokenizer: an encoding whose first use in the process loads its ranks (0.3 s of CPU), so
     * a caller that can decide by {@link #upperBound} should; the characters estimate counts as cheaply as the bound.
     */
    public boolean tokenizes() {
        return tokenizes;
    }

    /** What the encoding's count is multiplied by; 1 for exact counters. */
    public synchronized double factor() {
        return factor;
    }

    /** How many reports have corrected the factor so far. */
    public synchronized long calibrations() {
        return calibrations;
    }

    /**
     * A bound {@link #count} never exceeds for {@code text}, found without the tokenizer: both encodings are byte-level
     * BPE, so a token covers at least one UTF-8 byte, and an estimate is then scaled by its factor (never below 1).
     * Lets a caller whose texts fit by this bound skip loading an encoding (0.3 s of CPU at a process's first count).
     */
    public long upperBound(String text) {
        double scale = exact ? 1.0 : Math.max(1.0, factor());
        return (long) Math.ceil(utf8Bytes(text) * scale);
    }

    /** The UTF-8 length of {@code text}, counted without encoding it (an unpaired surrogate counts as 3 bytes). */
    public static long utf8Bytes(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** The tokens of {@code text}. */
    public int count(String text) {
        return (int) Math.min(Integer.MAX_VALUE, scaled(encoded(text)));
    }

    /**
     * The encoding's own count of {@code text}, before the factor: it never changes for a text, so callers that count
     * the same texts again (a conversation's messages) cache this and {@link #scaled} the sum.
     */
    public int encoded(String text) {
        return encoding.applyAsInt(text);
    }

    /** An {@link #encoded} count (or a sum of them) as tokens of the model, with the current factor. */
    public long scaled(long encodedCount) {
        return exact ? encodedCount : Math.round(encodedCount * factor());
    }

    /**
     * Corrects the estimate from a request the provider counted: {@code estimated} is what this counter said for it,
     * {@code reported} the provider's prompt tokens. Exact counters ignore it (their count is the model's); others
     * move their factor halfway to the observed ratio, so one odd request (a provider adding hidden tool prompts) does
     * not swing it, within {@value #MIN_FACTOR} to {@value #MAX_FACTOR}. Unusable figures (zero, negative) are ignored.
     */
    public synchronized void calibrate(long estimated, long reported) {
        if (exact || estimated <= 0 || reported <= 0) {
            return;
        }
        double observed = factor * reported / estimated;
        factor = Math.max(MIN_FACTOR, Math.min(MAX_FACTOR, (factor + observed) / 2));
        calibrations++;
    }
}
