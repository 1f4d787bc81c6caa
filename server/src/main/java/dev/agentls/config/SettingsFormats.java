package dev.agentls.config;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The text forms settings accept, parsed without regular expressions and with the input length bounded first, so
 * a huge string costs a length check. Each method returns empty for a value outside its form; the caller names the
 * key and the form in its message.
 */
final class SettingsFormats {

    /** Longest numeric or duration text accepted; anything longer is refused before parsing. */
    private static final int MAX_NUMBER_TEXT = 32;

    private SettingsFormats() {}

    /** A plain decimal number ({@code "12"}, {@code "0.8"}), no exponent, no sign other than a leading minus. */
    static Optional<BigDecimal> decimal(String text) {
        String s = text.strip();
        if (s.isEmpty() || s.length() > MAX_NUMBER_TEXT) {
            return Optional.empty();
        }
        int start = s.charAt(0) == '-' ? 1 : 0;
        boolean digits = false;
        boolean dot = false;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digits = true;
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                return Optional.empty();
            }
        }
        return digits ? Optional.of(new BigDecimal(s)) : Optional.empty();
    }

    /**
     * A token count: a whole number with an optional {@code k} (thousand) or {@code m} (million) suffix, where the
     * suffix may follow a decimal ({@code "1.5k"}) as long as the result is whole.
     */
    static Optional<BigInteger> tokenCount(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.isEmpty() || s.length() > MAX_NUMBER_TEXT) {
            return Optional.empty();
        }
        long factor = 1;
        char last = s.charAt(s.length() - 1);
        if (last == 'k' || last == 'm') {
            factor = last == 'k' ? 1_000 : 1_000_000;
            s = s.substring(0, s.length() - 1);
        }
        Optional<BigDecimal> value = decimal(s);
        if (value.isEmpty() || value.get().signum() < 0) {
            return Optional.empty();
        }
        BigDecimal scaled = value.get().multiply(BigDecimal.valueOf(factor));
        if (scaled.stripTrailingZeros().scale() > 0) {
            return Optional.empty();
        }
        return Optional.of(scaled.toBigIntegerExact());
    }

    /** A duration: a whole number followed by {@code ms}, {@code s}, {@code m} or {@code h}, e.g. {@code "500ms"}. */
    static Optional<Duration> duration(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.isEmpty() || s.length() > MAX_NUMBER_TEXT) {
            return Optional.empty();
        }
        int i = 0;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        if (i == 0 || i > 12) {
            return Optional.empty();
        }
        long amount = Long.parseLong(s.substring(0, i));
        return switch (s.substring(i).strip()) {
            case "ms" -> Optional.of(Duration.ofMillis(amount));
            case "s" -> Optional.of(Duration.ofSeconds(amount));
            case "m" -> Optional.of(Duration.ofMinutes(amount));
            case "h" -> Optional.of(Duration.ofHours(amount));
            default -> Optional.empty();
        };
    }

    /** A safe zone: a fraction in (0, 1] ({@code "0.8"}), or a token count above 1 ({@code "80k"}, {@code "80000"}). */
    static Optional<SafeZone> safeZone(String text) {
        String s = text.strip();
        Optional<BigDecimal> plain = decimal(s);
        if (plain.isPresent()) {
            return safeZone(plain.get());
        }
        return tokenCount(s).filter(t -> t.compareTo(BigInteger.ONE) > 0
                        && t.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) <= 0)
                .map(t -> new SafeZone.Tokens(t.intValueExact()));
    }

    /** A numeric safe zone: at most 1 is a fraction, a whole number above 1 is tokens, anything else is refused. */
    static Optional<SafeZone> safeZone(BigDecimal value) {
        if (value.signum() <= 0) {
            return Optional.empty();
        }
        if (value.compareTo(BigDecimal.ONE) <= 0) {
            return Optional.of(new SafeZone.Fraction(value.doubleValue()));
        }
        if (value.stripTrailingZeros().scale() > 0 || value.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            return Optional.empty();
        }
        return Optional.of(new SafeZone.Tokens(value.intValueExact()));
    }

    /** An environment variable name as POSIX shells accept it. */
    static boolean isEnvName(String s) {
        if (s.isEmpty() || s.length() > 128) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
            if (!(letter || (i > 0 && c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return true;
    }

    /**
     * An absolute http(s) URL with a host and no credentials, query or fragment, with any trailing slash removed so
     * clients can append their paths. Empty with a reason when refused.
     */
    static URI baseUrl(String text, StringBuilder reason) {
        if (text.length() > 2048) {
            reason.append("longer than 2048 characters");
            return null;
        }
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            reason.append("not a valid URL");
            return null;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("http") || scheme.equals("https"))) {
            reason.append("not an absolute http or https URL");
            return null;
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            reason.append("has no host");
            return null;
        }
        if (uri.getRawUserInfo() != null) {
            reason.append("carries credentials; put the key in an environment variable named by agentls.llm.apiKeyEnv");
            return null;
        }
        if (uri.getRawFragment() != null) {
            reason.append("has a #fragment");
            return null;
        }
        if (uri.getRawQuery() != null) {
            // The clients append their path ("/chat/completions", "/v1/messages") to the base URL.
            reason.append("has a ?query; the client appends its own path to the base URL");
            return null;
        }
        String s = uri.toString();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return URI.create(s);
    }
}
