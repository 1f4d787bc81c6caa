package dev.agentls.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The model settings as command-line flags ({@code --provider openai --base-url ... --model ... --api-key-env ...}),
 * parsed by the same {@link SettingsParser} so the rules are one; errors name the flag rather than the settings
 * key. Flags this class does not know are handed back untouched for the subcommand to parse.
 */
public final class SettingsFlags {

    /** Flag name to the settings key it sets, below {@code agentls}. */
    private static final Map<String, String> FLAGS = flags();

    private final SettingsParser parser;

    public SettingsFlags(SettingsParser parser) {
        this.parser = Objects.requireNonNull(parser, "parser");
    }

    /** The settings flags and their settings keys, for usage text. */
    public static Map<String, String> known() {
        return FLAGS;
    }

    /**
     * What the flags gave: the parsed settings, every argument that is not a settings flag (in order), and the flags
     * as a settings section ({@code {"llm": {...}, "agent": {...}}}, only what was given), so a server can lay the
     * settings an editor sends over them.
     */
    public record Result(ParsedSettings settings, List<String> remaining, Map<String, Object> section) {
        public Result {
            Objects.requireNonNull(settings, "settings");
            remaining = List.copyOf(remaining);
            section = Collections.unmodifiableMap(new LinkedHashMap<>(section));
        }
    }

    /**
     * Takes the settings flags ({@code --flag value} or {@code --flag=value}) out of {@code args} and parses them.
     * {@code --api-key} is refused: the key belongs in the environment.
     */
    public Result parse(List<String> args) throws SettingsException {
        return parse(args, null);
    }

    /**
     * As {@link #parse(List)}, with the flags laid over {@code base} key by key, and the two parsed as one section:
     * a flag wins over the base's value of its key, every other key of the base applies as it is. {@code base} is a
     * settings section's content ({@code {"llm": {...}, "mcp": {...}}}, a Jackson tree or plain maps; null for none),
     * such as a settings file holds. Errors about a key a flag gave name the flag; the others name their key. Where a
     * flag goes below a base value that is not an object ({@code "llm": 5}), that value stays, so the parser reports
     * it rather than the flag hiding it. {@link Result#section()} stays the flags' own.
     */
    public Result parse(List<String> args, Object base) throws SettingsException {
        return parse(args, base, Map.of());
    }

    /**
     * As {@link #parse(List, Object)}, with errors about a key of the base named as {@code baseNames} says (a full key
     * such as {@code agentls.llm.model} to, say, the environment variable that gave it), unless a flag gave it.
     */
    public Result parse(List<String> args, Object base, Map<String, String> baseNames) throws SettingsException {
        Map<String, Object> llm = new LinkedHashMap<>();
        Map<String, Object> timeouts = new LinkedHashMap<>();
        Map<String, Object> retries = new LinkedHashMap<>();
        Map<String, Object> agent = new LinkedHashMap<>();
        Map<String, String> keyToFlag = new LinkedHashMap<>(baseNames);
        List<String> remaining = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String flag = arg.startsWith("--") && eq > 0 ? arg.substring(0, eq) : arg;
            if (flag.equals("--api-key") || flag.equals("--key")) {
                errors.add(flag + ": API keys are never passed as arguments (they show in process lists and shell"
                        + " history): put the key in an environment variable and pass its name with --api-key-env");
                if (eq < 0 && i + 1 < args.size()) {
                    i++;
                }
                continue;
            }
            String key = FLAGS.get(flag);
            if (key == null) {
                remaining.add(arg);
                continue;
            }
            String value;
            if (eq > 0 && arg.startsWith("--")) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                errors.add(flag + ": needs a value");
                continue;
            }
            String[] parts = key.split("\\.");
            Map<String, Object> target = switch (parts[0] + (parts.length > 2 ? "." + parts[1] : "")) {
                case "llm.timeouts" -> timeouts;
                case "llm.retries" -> retries;
                case "agent" -> agent;
                default -> llm;
            };
            target.put(parts[parts.length - 1], value);
            keyToFlag.put(SettingsParser.ROOT + "." + key, flag);
        }
        if (!errors.isEmpty()) {
            throw new SettingsException(errors);
        }
        if (!timeouts.isEmpty()) {
            llm.put("timeouts", timeouts);
        }
        if (!retries.isEmpty()) {
            llm.put("retries", retries);
        }
        Map<String, Object> section = new LinkedHashMap<>();
        section.put("llm", llm);
        section.put("agent", agent);
        Object merged = base == null ? section : layOver(base, section);
        ParsedSettings parsed = parser.parse(merged, k -> keyToFlag.getOrDefault(k, k));
        return new Result(parsed, remaining, section);
    }

    /**
     * {@code flags} laid over {@code base}: objects merge key by key, a flag's value replaces the base's. Only as deep
     * as the flags go (three levels), so a hostile base costs no more than its top levels.
     */
    private static Object layOver(Object base, Map<String, Object> flags) {
        if (JsonValues.kind(base) == JsonValues.Kind.NULL) {
            return flags;
        }
        if (JsonValues.kind(base) != JsonValues.Kind.OBJECT) {
            return base;
        }
        Map<String, Object> out = JsonValues.fields(base);
        for (Map.Entry<String, Object> flag : flags.entrySet()) {
            if (flag.getValue() instanceof Map<?, ?> nested) {
                if (nested.isEmpty()) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> inner = (Map<String, Object>) nested;
                out.put(flag.getKey(), layOver(out.get(flag.getKey()), inner));
            } else {
                out.put(flag.getKey(), flag.getValue());
            }
        }
        return out;
    }

    private static Map<String, String> flags() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("--provider", "llm.provider");
        f.put("--base-url", "llm.baseUrl");
        f.put("--model", "llm.model");
        f.put("--api-key-env", "llm.apiKeyEnv");
        f.put("--tool-mode", "llm.toolMode");
        f.put("--max-output-tokens", "llm.maxOutputTokens");
        f.put("--context-window", "llm.contextWindow");
        f.put("--safe-zone", "llm.safeZone");
        f.put("--continuation-rounds", "llm.continuationRounds");
        f.put("--max-tokens-field", "llm.maxTokensField");
        f.put("--max-answer-chars", "llm.maxAnswerChars");
        f.put("--thinking-budget", "llm.thinkingBudget");
        f.put("--reasoning-effort", "llm.reasoningEffort");
        f.put("--connect-timeout", "llm.timeouts.connect");
        f.put("--first-byte-timeout", "llm.timeouts.firstByte");
        f.put("--idle-timeout", "llm.timeouts.idleBetweenChunks");
        f.put("--no-progress-timeout", "llm.timeouts.noProgress");
        f.put("--answer-timeout", "llm.timeouts.wholeAnswer");
        f.put("--max-attempts", "llm.retries.maxAttempts");
        f.put("--max-iterations", "agent.maxIterations");
        f.put("--max-cost", "agent.maxCost");
        f.put("--max-tokens", "agent.maxTokens");
        f.put("--max-mistakes", "agent.maxConsecutiveMistakes");
        return Collections.unmodifiableMap(f);
    }
}
