package dev.agentls.llm;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which models refuse an assistant prefill, the trailing assistant message a cut answer is continued with: Claude 4.6
 * and later by name (Anthropic's breaking change in 4.6), and any model whose provider answered a prefill with a 400
 * naming it, remembered for as long as this object (the model client) lives. Such a model is continued with a user
 * message asking it to go on instead.
 */
final class PrefillSupport {

    /** What a model that refuses a prefill is sent after the answer so far, to have it go on. */
    static final String CONTINUE = "Your previous answer was cut off by the output limit. Continue exactly where it"
            + " stopped: do not repeat anything already written and do not start over.";

    // claude-opus-4-6, claude-sonnet-4-6-20260101, claude-opus-5; a dated minor (claude-sonnet-4-20250514) is 0.
    private static final Pattern CLAUDE = Pattern.compile("claude-(?:[a-z]+-)?(\\d+)(?:[-.](\\d+))?");

    private final Set<String> refused = ConcurrentHashMap.newKeySet();

    boolean refuses(String model) {
        return refused.contains(model) || refusesByName(model);
    }

    void remember(String model) {
        refused.add(model);
    }

    static boolean refusesByName(String model) {
        Matcher m = CLAUDE.matcher(model.toLowerCase(Locale.ROOT));
        if (!m.find()) {
            return false;
        }
        int major = Integer.parseInt(m.group(1));
        int minor = m.group(2) == null || m.group(2).length() > 2 ? 0 : Integer.parseInt(m.group(2));
        return major > 4 && major < 100 || major == 4 && minor >= 6;
    }

    /** Whether a failure is the provider refusing a prefill ("This model does not support assistant message prefill"). */
    static boolean isRefusal(ModelFailure failure) {
        return failure instanceof ModelFailure.BadRequest b && b.status() == 400 && b.providerMessage() != null
                && b.providerMessage().toLowerCase(Locale.ROOT).contains("prefill");
    }
}
