package dev.agentls.tools.command;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The environment a command starts with, and what it must never see: the variables that hold the model's API keys.
 * Their names come from the settings ({@code llm.apiKeyEnv}) and are read again for each command, so a key variable
 * named after start-up is kept out from then on. A command inherits neither those variables, nor any other variable
 * whose value holds one of their values (a copy under an innocent name), nor variables named like secrets (keys,
 * tokens, passwords). The values found are handed back so the command's output can be scrubbed of them: what a
 * command prints goes to the model, which sends it to its provider.
 *
 * <p>Key values and names are never logged or put in a message; the scrubbed output names only the variable.
 */
public final class CommandEnvironment {

    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_?KEY|ACCESS_?KEY).*");

    /**
     * A value this short is only kept out of the environment where it is the whole value of a variable, and is not
     * scrubbed from output: no real key is this short, and replacing every "1" in the output would ruin it.
     */
    static final int MIN_SCRUBBED_LENGTH = 8;

    private final Map<String, String> inherited;
    private final Supplier<? extends Collection<String>> keyVariables;

    /**
     * @param inherited    the environment commands start from ({@code System.getenv()} in the product)
     * @param keyVariables the names of the variables that hold API keys, asked at each command
     */
    public CommandEnvironment(Map<String, String> inherited, Supplier<? extends Collection<String>> keyVariables) {
        this.inherited = Map.copyOf(Objects.requireNonNull(inherited, "inherited"));
        this.keyVariables = Objects.requireNonNull(keyVariables, "keyVariables");
    }

    /** The process's own environment, with no key variable named (variables named like secrets still stay out). */
    public static CommandEnvironment ofProcess() {
        return new CommandEnvironment(System.getenv(), java.util.List::of);
    }

    /** What one command gets: its environment, and the key values to scrub from its output. */
    record Prepared(Map<String, String> environment, Map<String, String> keyValueToName) {

        /**
         * {@code output} with every key value replaced by a note naming its variable; also a key's start just before,
         * or its end just after, the gap where a long output's middle was left out, which would otherwise show part
         * of a key that straddles it.
         */
        String scrub(String output) {
            String scrubbed = output;
            for (Map.Entry<String, String> key : keyValueToName.entrySet()) {
                String value = key.getKey();
                if (value.length() >= MIN_SCRUBBED_LENGTH) {
                    String note = "[redacted: the value of " + key.getValue() + "]";
                    scrubbed = scrubbed.replace(value, note);
                    scrubbed = scrubAroundGap(scrubbed, value, "[redacted: part of the value of " + key.getValue() + "]");
                }
            }
            return scrubbed;
        }

        private static String scrubAroundGap(String output, String value, String note) {
            int open = output.indexOf(OutputCapture.GAP_OPEN);
            int close = open < 0 ? -1 : output.indexOf(OutputCapture.GAP_CLOSE, open);
            if (close < 0) {
                return output;
            }
            String head = output.substring(0, open);
            String tail = output.substring(close + OutputCapture.GAP_CLOSE.length());
            for (int length = value.length() - 1; length >= MIN_SCRUBBED_LENGTH; length--) {
                if (head.endsWith(value.substring(0, length))) {
                    head = head.substring(0, head.length() - length) + note;
                    break;
                }
            }
            for (int length = value.length() - 1; length >= MIN_SCRUBBED_LENGTH; length--) {
                if (tail.startsWith(value.substring(value.length() - length))) {
                    tail = note + tail.substring(length);
                    break;
                }
            }
            return head + output.substring(open, close + OutputCapture.GAP_CLOSE.length()) + tail;
        }
    }

    /**
     * The environment a program the user configured starts with (an MCP server): the same as a command's, without
     * the key variables, copies of their values or variables named like secrets; what such a program needs it names
     * in its own entry.
     */
    public Map<String, String> forChildProcess() {
        // Only what a command's environment leaves out is left out; the settings made for commands (a dumb
        // terminal, no pager) are not a server's.
        Map<String, String> kept = new HashMap<>(inherited);
        kept.keySet().retainAll(prepare().environment().keySet());
        return kept;
    }

    Prepared prepare() {
        Map<String, String> environment = new HashMap<>(inherited);
        Map<String, String> keys = new LinkedHashMap<>();
        for (String name : keyVariables.get()) {
            String value = name == null ? null : environment.remove(name);
            if (value != null && !value.isBlank()) {
                keys.put(value.strip(), name);
            }
        }
        environment.entrySet().removeIf(variable -> SECRET_NAME.matcher(variable.getKey()).matches()
                || holdsAKey(variable.getValue(), keys.keySet()));
        environment.put("PAGER", "cat");
        environment.put("GIT_PAGER", "cat");
        environment.put("GIT_TERMINAL_PROMPT", "0");
        environment.put("DEBIAN_FRONTEND", "noninteractive");
        environment.putIfAbsent("TERM", "dumb");
        return new Prepared(environment, keys);
    }

    private static boolean holdsAKey(String value, Collection<String> keys) {
        for (String key : keys) {
            if (value.strip().equals(key) || key.length() >= MIN_SCRUBBED_LENGTH && value.contains(key)) {
                return true;
            }
        }
        return false;
    }
}
