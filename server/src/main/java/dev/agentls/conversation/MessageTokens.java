package dev.agentls.conversation;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.ToolCall;
import dev.agentls.llm.ToolSpec;
import dev.agentls.outline.TokenCounter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tokens of model messages and whole requests, by a {@link TokenCounter}. The encoding's count of each message is
 * cached by the message's content (it never changes), and the counter's current factor is applied on each count, so
 * counting a long history again costs a lookup per message and a correction of the factor takes effect at once.
 * Thread-safe.
 */
public final class MessageTokens {

    /** Tokens a chat format adds around each message (role markers, separators). */
    static final int PER_MESSAGE = 4;
    private static final int CACHE_SIZE = 20_000;

    private final TokenCounter counter;
    private final Map<ModelMessage, Integer> encoded = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ModelMessage, Integer> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    public MessageTokens(TokenCounter counter) {
        this.counter = counter;
    }

    public TokenCounter counter() {
        return counter;
    }

    /** The tokens of one message, with its framing. */
    public long count(ModelMessage message) {
        return PER_MESSAGE + counter.scaled(encoded(message));
    }

    /**
     * A bound {@link #count(ModelMessage)} never exceeds, found without the tokenizer ({@link TokenCounter#upperBound}).
     * Lets a history that fits by this bound skip the tokenizer's load.
     */
    public long upperBound(ModelMessage message) {
        return PER_MESSAGE + counter.upperBound(text(message)) + 1;
    }

    /** The tokens of a whole request as sent: every message with its framing, and each tool's definition. */
    public long count(ModelRequest request) {
        long encodedSum = 0;
        for (ModelMessage message : request.messages()) {
            encodedSum += encoded(message);
        }
        for (ToolSpec tool : request.tools()) {
            encodedSum += counter.encoded(tool.name() + "\n" + tool.description() + "\n" + tool.parametersSchemaJson());
        }
        return (long) PER_MESSAGE * request.messages().size() + counter.scaled(encodedSum);
    }

    private int encoded(ModelMessage message) {
        synchronized (this) {
            Integer known = encoded.get(message);
            if (known != null) {
                return known;
            }
        }
        int count = counter.encoded(text(message));
        synchronized (this) {
            encoded.put(message, count);
        }
        return count;
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
