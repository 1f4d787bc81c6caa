package dev.agentls.config;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One object of the settings tree ({@code agentls.llm}, {@code agentls.llm.timeouts}, ...) being read: typed
 * getters that return empty when the key is absent or null and record an error naming the full key and the
 * accepted form when the value is bad. {@link #finish()} warns about the keys nobody asked for and refuses keys that
 * would hold a secret. Every key asked for is noted in a set the whole tree shares, so the parser can say which
 * settings it reads (the documentation is checked against it).
 */
final class Section {

    /** Key names that would carry a secret, compared without case, '_' or '-'. */
    private static final Set<String> SECRET_KEYS =
            Set.of("apikey", "key", "token", "accesstoken", "authtoken", "secret", "password", "authorization",
                    "bearer", "bearertoken", "secretkey");

    private final String path;
    private final Map<String, Object> fields;
    private final Set<String> read = new HashSet<>();
    private final Problems problems;
    private final SortedSet<String> keysAsked;

    private Section(String path, Map<String, Object> fields, Problems problems, SortedSet<String> keysAsked) {
        this.path = path;
        this.fields = fields;
        this.problems = problems;
        this.keysAsked = keysAsked;
    }

    /** The section at {@code path}, or an empty one (with an error) when the value is not an object. */
    static Section of(String path, Object value, Problems problems) {
        return of(path, value, problems, new TreeSet<>());
    }

    private static Section of(String path, Object value, Problems problems, SortedSet<String> keysAsked) {
        JsonValues.Kind kind = JsonValues.kind(value);
        if (kind == JsonValues.Kind.NULL) {
            return new Section(path, new LinkedHashMap<>(), problems, keysAsked);
        }
        if (kind != JsonValues.Kind.OBJECT) {
            problems.error(path, "expected an object of settings, got " + JsonValues.describe(value));
            return new Section(path, new LinkedHashMap<>(), problems, keysAsked);
        }
        return new Section(path, JsonValues.fields(value), problems, keysAsked);
    }

    /** The full key of every value asked for so far in this tree ({@code agentls.llm.model}), sorted. */
    SortedSet<String> keysAsked() {
        return Collections.unmodifiableSortedSet(keysAsked);
    }

    String path() {
        return path;
    }

    /** True when the key is missing or null (an object that failed to be one counts as empty). */
    boolean isAbsent(String name) {
        return JsonValues.kind(fields.get(name)) == JsonValues.Kind.NULL;
    }

    String key(String name) {
        return path + "." + name;
    }

    /** The child object {@code name}, empty when absent. */
    Section section(String name) {
        read.add(name);
        return of(key(name), fields.get(name), problems, keysAsked);
    }

    /** The child object's raw fields (for tables keyed by user names, such as prices by model). */
    Map<String, Object> rawFields() {
        return fields;
    }

    Problems problems() {
        return problems;
    }

    private Optional<Object> present(String name) {
        read.add(name);
        keysAsked.add(key(name));
        Object v = fields.get(name);
        return JsonValues.kind(v) == JsonValues.Kind.NULL ? Optional.empty() : Optional.of(v);
    }

    /** A non-empty string of at most {@code maxLength} characters without control characters. */
    Optional<String> text(String name, String form, int maxLength) {
        Optional<Object> v = present(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        if (JsonValues.kind(v.get()) != JsonValues.Kind.STRING) {
            return fail(name, form, v.get());
        }
        String s = JsonValues.string(v.get());
        if (Quoting.looksLikeSecret(s)) {
            problems.error(key(name), "looks like an API key; keys are never settings: put the key in an"
                    + " environment variable and set agentls.llm.apiKeyEnv to that variable's name");
            return Optional.empty();
        }
        if (s.isBlank() || s.length() > maxLength || hasControl(s)) {
            return fail(name, form, v.get());
        }
        return Optional.of(s.strip());
    }

    /** A string converted by {@code parse}, which returns empty for a value outside the form. */
    <T> Optional<T> parsed(String name, String form, Function<String, Optional<T>> parse) {
        return text(name, form, 4096).flatMap(s -> {
            Optional<T> out = parse.apply(s);
            if (out.isEmpty()) {
                fail(name, form, s);
            }
            return out;
        });
    }

    /** A whole number in {@code [min, max]}, given as a JSON number or a string ({@code "128k"} allowed). */
    Optional<Integer> integer(String name, long min, long max, String form) {
        Optional<Object> v = present(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        BigInteger value = null;
        switch (JsonValues.kind(v.get())) {
            case NUMBER -> {
                BigDecimal d = JsonValues.number(v.get());
                // Integer digits first: toBigInteger() of 1e999999999 would build a billion-digit number.
                if (d != null && d.precision() - d.scale() <= 19 && d.stripTrailingZeros().scale() <= 0) {
                    value = d.toBigInteger();
                }
            }
            case STRING -> value = SettingsFormats.tokenCount(JsonValues.string(v.get())).orElse(null);
            default -> { }
        }
        if (value == null || value.compareTo(BigInteger.valueOf(min)) < 0
                || value.compareTo(BigInteger.valueOf(max)) > 0) {
            return fail(name, form, v.get());
        }
        return Optional.of(value.intValueExact());
    }

    /** A non-negative decimal at most {@code max}, given as a JSON number or a numeric string. */
    Optional<BigDecimal> amount(String name, BigDecimal max, String form) {
        Optional<Object> v = present(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal value = switch (JsonValues.kind(v.get())) {
            case NUMBER -> JsonValues.number(v.get());
            case STRING -> SettingsFormats.decimal(JsonValues.string(v.get())).orElse(null);
            default -> null;
        };
        if (value == null || value.signum() < 0 || value.compareTo(max) > 0) {
            return fail(name, form, v.get());
        }
        return Optional.of(value);
    }

    /** A duration string in {@code [min, max]}. */
    Optional<Duration> duration(String name, Duration min, Duration max, String form) {
        Optional<Object> v = present(name);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        Optional<Duration> d = JsonValues.kind(v.get()) == JsonValues.Kind.STRING
                ? SettingsFormats.duration(JsonValues.string(v.get())) : Optional.empty();
        if (d.isEmpty() || d.get().compareTo(min) < 0 || d.get().compareTo(max) > 0) {
            return fail(name, form, v.get());
        }
        return d;
    }

    /** A value that may be a number or a string, handed over as is (for forms such as the safe zone). */
    Optional<Object> raw(String name) {
        return present(name);
    }

    <T> Optional<T> fail(String name, String form, Object got) {
        problems.error(key(name), "expected " + form + ", got " + JsonValues.describe(got));
        return Optional.empty();
    }

    /** Refuses secret-bearing keys and warns about every other key that was not read. */
    void finish() {
        for (Map.Entry<String, Object> e : fields.entrySet()) {
            String name = e.getKey();
            if (read.contains(name)) {
                continue;
            }
            String folded = name.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
            boolean secretValue = JsonValues.kind(e.getValue()) == JsonValues.Kind.STRING
                    && Quoting.looksLikeSecret(JsonValues.string(e.getValue()));
            String shown = Quoting.looksLikeSecret(name) ? "<key that looks like an API key>" : Quoting.shortText(name);
            if (SECRET_KEYS.contains(folded) || secretValue || Quoting.looksLikeSecret(name)) {
                problems.error(key(shown), "API keys are never settings (settings are logged and"
                        + " synced): put the key in an environment variable and set agentls.llm.apiKeyEnv to that"
                        + " variable's name");
            } else {
                problems.warning(key(shown), "unknown setting, ignored");
            }
        }
    }

    private static boolean hasControl(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                return true;
            }
        }
        return false;
    }
}
