package dev.agentls.mcp;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${VAR}} and {@code ${VAR:-default}} in configuration values, from an injected environment (so tests never
 * read the real one). A variable that is unset and has no default is an error naming it: a server started with an
 * empty token fails later in ways much harder to read.
 */
final class VariableExpansion {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}");

    private final Map<String, String> environment;

    VariableExpansion(Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
    }

    /** The text with every variable replaced. @throws IllegalArgumentException naming the first unset variable */
    String expand(String text) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (m.find()) {
            String value = environment.get(m.group(1));
            if (value == null) {
                if (m.group(2) == null) {
                    throw new IllegalArgumentException("uses ${" + m.group(1) + "}, which is not set");
                }
                value = m.group(2);
            }
            // Appended as it is: a '$' in a value is text, never a group reference.
            out.append(text, last, m.start()).append(value);
            last = m.end();
        }
        return out.append(text, last, text.length()).toString();
    }
}
