package dev.agentls.tools.command;

import dev.agentls.redaction.UrlUserinfo;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Judges whether an environment variable looks like a credential, by its name (keys, tokens, secrets, passwords,
 * {@code AWS_*}, known providers' variables) or by its value (a known key prefix, a URL with userinfo, a private
 * key, or a long run of high-entropy key alphabet). It errs towards keeping a variable out: a build that needs one
 * gets it back by naming it in {@link CommandEnvironment#PASS_VARIABLE}.
 */
final class SecretVariables {

    /** AWS_*, a secret word anywhere, or a name ending like a key or token ({@code TOKENIZERS_PARALLELISM} stays). */
    private static final Pattern SECRET_NAME = Pattern.compile("(?i)^AWS_.*"
            + "|.*(PASSWORD|PASSWD|PASSPHRASE|SECRET|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH_?TOKEN"
            + "|ACCESS_?TOKEN).*"
            + "|.*(KEY|KEYS|TOKEN|TOKENS|_PAT|_AUTH)$");
    private static final List<String> KEY_PREFIXES = List.of("sk-", "sk_", "rk_", "pk_live_", "xai-", "gsk_", "hf_",
            "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xoxa-", "xoxb-", "xoxp-", "xoxr-",
            "xoxs-", "xapp-", "npm_", "pypi-", "aiza", "akia", "asia", "bearer ", "basic ", "eyj");
    private static final Pattern KEY_ALPHABET = Pattern.compile("[A-Za-z0-9_\\-+=]{32,}");
    /** Bits per character above which a long key-alphabet value is taken for random: base62 keys are near 5.5. */
    private static final double HIGH_ENTROPY = 4.2;

    /** Shortest value of a variable taken for a secret by its name alone that is scrubbed from output. */
    private static final int MIN_SCRUBBED_NAMED = 12;

    private SecretVariables() {}

    static boolean nameLooksSecret(String name) {
        return SECRET_NAME.matcher(name).matches();
    }

    static boolean valueLooksSecret(String value) {
        String s = value.strip();
        String lower = s.toLowerCase(Locale.ROOT);
        for (String prefix : KEY_PREFIXES) {
            if (lower.startsWith(prefix) && s.length() >= prefix.length() + 8) {
                return true;
            }
        }
        return lower.contains("-----begin") && lower.contains("private key")
                || UrlUserinfo.present(s)
                || KEY_ALPHABET.matcher(s).matches() && entropy(s) >= HIGH_ENTROPY;
    }

    /** A value long enough, and not a file's path, so that replacing it in output hides a secret, not text. */
    static boolean worthScrubbing(String value) {
        String s = value.strip();
        return s.length() >= MIN_SCRUBBED_NAMED && !s.startsWith("/") && !s.startsWith("~/") && !s.startsWith("./")
                && !s.matches("[A-Za-z]:\\\\.*");
    }

    /** Shannon entropy of the characters of {@code s}, in bits per character. */
    static double entropy(String s) {
        int[] counts = new int[128];
        int n = 0;
        for (char c : s.toCharArray()) {
            if (c < 128) {
                counts[c]++;
                n++;
            }
        }
        double bits = 0;
        for (int count : counts) {
            if (count > 0) {
                double p = (double) count / n;
                bits -= p * Math.log(p) / Math.log(2);
            }
        }
        return bits;
    }
}
