package dev.agentls.tools.command;

import dev.agentls.redaction.UrlUserinfo;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The environment a command starts with, and what it must never see: credentials. Kept out, whatever the settings
 * say: the variables the settings name as API key variables ({@code llm.apiKeyEnv}, read again for each command),
 * any variable whose value holds one of their values, and every variable that {@link SecretVariables} takes for a
 * credential by its name or its value. Only a variable listed in {@value #PASS_VARIABLE} (an environment variable
 * of the agent's own, so neither a workspace's files nor the model can widen it) is passed through anyway, never a
 * key variable the settings name. The values kept out are handed back so the command's output can be scrubbed of
 * them (a command can still read a file that holds one): what a command prints goes to the model and its provider.
 *
 * <p>Key values are never logged or put in a message; the scrubbed output names only the variable.
 */
public final class CommandEnvironment {

    /** Names, split by ',' or spaces, of variables a build needs that look like credentials: passed through. */
    public static final String PASS_VARIABLE = "AGENTLS_PASS_ENV";

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
            return UrlUserinfo.redact(scrubbed);
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
        Set<String> passed = passedThrough();
        Map<String, String> secrets = new LinkedHashMap<>();
        environment.entrySet().removeIf(variable -> {
            String name = variable.getKey();
            String value = variable.getValue();
            boolean copyOfKey = holdsAKey(value, keys.keySet());
            boolean secretValue = SecretVariables.valueLooksSecret(value);
            boolean secret = copyOfKey || !passed.contains(name)
                    && (secretValue || SecretVariables.nameLooksSecret(name));
            // Scrubbed from output too, unless only the name looked secret and the value is a path or short text
            // (AWS_CA_BUNDLE's file, AWS_REGION's "us-east-1"), which would scrub ordinary output.
            if (secret && !copyOfKey && (secretValue || SecretVariables.worthScrubbing(value))) {
                secrets.putIfAbsent(value.strip(), name);
            }
            return secret;
        });
        secrets.forEach(keys::putIfAbsent);
        environment.put("PAGER", "cat");
        environment.put("GIT_PAGER", "cat");
        environment.put("GIT_TERMINAL_PROMPT", "0");
        environment.put("DEBIAN_FRONTEND", "noninteractive");
        environment.putIfAbsent("TERM", "dumb");
        return new Prepared(environment, keys);
    }

    private Set<String> passedThrough() {
        String list = inherited.getOrDefault(PASS_VARIABLE, "");
        Set<String> names = new HashSet<>();
        for (String name : list.split("[,\\s]+")) {
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
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
