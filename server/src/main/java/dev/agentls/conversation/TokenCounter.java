package dev.agentls.conversation;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Counts tokens with jtokkit in the encoding the model family uses: {@code o200k_base} for GPT-4o, GPT-4.1, GPT-5 and
 * the o-series, {@code cl100k_base} for GPT-4 and GPT-3.5. Other models (Claude, Llama, Qwen, DeepSeek...) have no
 * tokenizer here, so their count is a calibrated estimate: the {@code cl100k_base} count times a factor, which starts
 * at the family's usual ratio and is corrected from the input tokens the provider reports ({@link #calibrate}).
 * Message counts are cached by content, so counting a long history again costs a lookup per message. Thread-safe.
 */
public final class TokenCounter {

    /** Tokens a chat format adds around each message (role markers, separators). */
    static final int PER_MESSAGE = 4;
    private static final int CACHE_SIZE = 20_000;

    private final EncodingType type;
    private final boolean exact;
    private final String family;
    private double factor;
    private final Map<ModelMessage, Long> cache = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ModelMessage, Long> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    public TokenCounter(String model) {
        String m = model.toLowerCase(Locale.ROOT);
        int slash = m.lastIndexOf('/');
        String name = slash >= 0 ? m.substring(slash + 1) : m;
        EncodingType type;
        if (name.startsWith("gpt-4o") || name.startsWith("gpt-4.1") || name.startsWith("gpt-4.5")
                || name.startsWith("gpt-5") || name.matches("o[1-9].*") || name.startsWith("chatgpt-4o")
                || name.startsWith("gpt-oss")) {
            type = EncodingType.O200K_BASE;
            exact = true;
            family = "o200k_base";
            factor = 1.0;
        } else if (name.startsWith("gpt-4") || name.startsWith("gpt-3.5") || name.startsWith("text-embedding")) {
            type = EncodingType.CL100K_BASE;
            exact = true;
            family = "cl100k_base";
            factor = 1.0;
        } else {
            type = EncodingType.CL100K_BASE;
            exact = false;
            // Claude's tokenizer yields more tokens than cl100k on code and prose; start there and learn.
            family = name.startsWith("claude") ? "estimate (claude)" : "estimate";
            factor = name.startsWith("claude") ? 1.15 : 1.05;
        }
        this.type = type;
    }

    /**
     * The encodings, each loaded at its first count and then shared by every counter of the process: loading one
     * parses its ranks (about 0.3 s of CPU, the largest part of a run's start when every counter did it again), and
     * an {@code Encoding} is immutable and thread-safe. A class holder loads lazily and safely.
     */
    private static final class Cl100k {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
    }

    private static final class O200k {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    }

    private Encoding encoding() {
        return type == EncodingType.O200K_BASE ? O200k.ENCODING : Cl100k.ENCODING;
    }

    /** The encoding used, or {@code estimate} where none fits the model. */
    public String family() {
        return family;
    }

    /** Whether counts are exact for this model (else a calibrated estimate). */
    public boolean exact() {
        return exact;
    }

    public synchronized double factor() {
        return factor;
    }

    /** The tokens of {@code text}. */
    public long count(String text) {
        long raw = encoding().countTokensOrdinary(text);
        return exact ? raw : Math.round(raw * factor());
    }

    /** The tokens of one message, with its framing; cached by the message's content. */
    public long count(ModelMessage message) {
        synchronized (this) {
            Long known = cache.get(message);
            if (known != null) {
                return known;
            }
        }
        long tokens = PER_MESSAGE + count(text(message));
        synchronized (this) {
            cache.put(message, tokens);
        }
        return tokens;
    }

    /**
     * A bound {@link #count(ModelMessage)} never exceeds, found without the tokenizer: both encodings are byte-level
     * BPE, so a token covers at least one UTF-8 byte; an estimate is that count times its factor, rounded.
     */
    public long upperBound(ModelMessage message) {
        double scale = exact ? 1.0 : Math.max(1.0, factor());
        return PER_MESSAGE + (long) Math.ceil(utf8Bytes(text(message)) * scale) + 1;
    }

    private static long utf8Bytes(String text) {
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

    /**
     * Corrects the estimate from a request the provider counted: {@code estimated} is what this counter said for it,
     * {@code reported} the provider's input tokens. Exact counters ignore it; others move their factor halfway to
     * the observed ratio (so one odd request does not swing it) and forget cached counts.
     */
    public synchronized void calibrate(long estimated, long reported) {
        if (exact || estimated <= 0 || reported <= 0) {
            return;
        }
        double observed = factor * reported / estimated;
        factor = Math.max(0.5, Math.min(3.0, (factor + observed) / 2));
        cache.clear();
    }

    private static String text(ModelMessage message) {
        if (message instanceof ModelMessage.System s) {
            return s.text();
        }
        if (message instanceof ModelMessage.User u) {
            return u.text();
        }
        if (message instanceof ModelMessage.ToolResult r) {
            return r.content();
        }
        StringBuilder all = new StringBuilder();
        for (ModelMessage.Block block : ((ModelMessage.Assistant) message).blocks()) {
            if (block instanceof ModelMessage.Text t) {
                all.append(t.text());
            } else if (block instanceof ModelMessage.Thinking t) {
                all.append(t.text());
            } else if (block instanceof ToolCall c) {
                all.append(c.name()).append(' ').append(c.argumentsJson());
            }
        }
        return all.toString();
    }
}
