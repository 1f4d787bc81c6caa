package dev.agentls.config;

import java.util.List;
import java.util.Locale;

/**
 * Recognises text that starts like an API key or a bearer token ({@code sk-}, {@code sk-ant-}, {@code xai-},
 * {@code gsk_}, {@code hf_}, {@code ghp_}, {@code Bearer ...}), so that no message, setting or log shows one.
 */
public final class KeyLikeText {

    private static final List<String> KEY_PREFIXES =
            List.of("sk-", "sk_", "bearer ", "aiza", "xai-", "gsk_", "hf_", "ghp_", "github_pat_");

    private KeyLikeText() {}

    /** True for strings that start like a known kind of API key or bearer token (case and outer spaces ignored). */
    public static boolean startsLikeAKey(String s) {
        String head = s.strip().toLowerCase(Locale.ROOT);
        for (String prefix : KEY_PREFIXES) {
            if (head.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
