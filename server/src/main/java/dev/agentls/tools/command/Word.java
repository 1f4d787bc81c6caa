package dev.agentls.tools.command;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One shell word as parsed: literal pieces (remembering which were quoted, since only unquoted ones glob or expand
 * {@code ~}), variable references, and substitutions whose output cannot be known before running.
 */
record Word(List<Part> parts) {

    Word {
        parts = List.copyOf(parts);
    }

    /** A piece of a word. */
    sealed interface Part {}

    /** Text after quote removal; {@code quoted} when it came from inside quotes or a backslash escape. */
    record Literal(String text, boolean quoted) implements Part {}

    /** {@code $NAME} or {@code ${NAME}}. */
    record Variable(String name) implements Part {}

    /** A value unknown before running: {@code $(...)}, backticks, {@code ${x:-y}}, arithmetic, process substitution. */
    record Opaque(String what) implements Part {}

    /** The word's text when it has no expansion at all. */
    Optional<String> literal() {
        return text(Map.of());
    }

    /** The word's text with known variables substituted; empty when any part's value is unknown. */
    Optional<String> text(Map<String, String> variables) {
        StringBuilder text = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Literal literal) {
                text.append(literal.text());
            } else if (part instanceof Variable variable && variables.containsKey(variable.name())) {
                text.append(variables.get(variable.name()));
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(text.toString());
    }

    /** A glob pattern of the word (quoted special characters escaped), with known variables substituted. */
    Optional<String> globPattern(Map<String, String> variables) {
        StringBuilder glob = new StringBuilder();
        for (Part part : parts) {
            String text;
            boolean quoted;
            if (part instanceof Literal literal) {
                text = literal.text();
                quoted = literal.quoted();
            } else if (part instanceof Variable variable && variables.containsKey(variable.name())) {
                text = variables.get(variable.name());
                quoted = false;
            } else {
                return Optional.empty();
            }
            for (char c : text.toCharArray()) {
                if (quoted && "*?[]\\".indexOf(c) >= 0) {
                    glob.append('\\');
                }
                glob.append(c);
            }
        }
        return Optional.of(glob.toString());
    }

    boolean hasUnquotedGlob() {
        return parts.stream().anyMatch(p -> p instanceof Literal l && !l.quoted()
                && (l.text().indexOf('*') >= 0 || l.text().indexOf('?') >= 0 || l.text().indexOf('[') >= 0));
    }

    /** True when the word starts with an unquoted {@code ~}, which the shell expands to a home folder. */
    boolean startsWithTilde() {
        return !parts.isEmpty() && parts.get(0) instanceof Literal l && !l.quoted() && l.text().startsWith("~");
    }

    /** The names of the variables the word references. */
    List<String> variables() {
        return parts.stream().filter(p -> p instanceof Variable).map(p -> ((Variable) p).name()).toList();
    }

    boolean hasOpaque() {
        return parts.stream().anyMatch(p -> p instanceof Opaque);
    }

    /** True when the whole word is one unquoted literal equal to {@code keyword} (a reserved word). */
    boolean isBare(String keyword) {
        return parts.size() == 1 && parts.get(0) instanceof Literal l && !l.quoted() && l.text().equals(keyword);
    }

    /** For messages: the word as text, expansions shown as {@code $NAME} or {@code $(…)}. */
    String display() {
        StringBuilder text = new StringBuilder();
        for (Part part : parts) {
            if (part instanceof Literal literal) {
                text.append(literal.text());
            } else if (part instanceof Variable variable) {
                text.append('$').append(variable.name());
            } else {
                text.append("$(…)");
            }
        }
        return text.toString();
    }
}
