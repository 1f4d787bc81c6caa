package dev.agentls.tools;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One parameter of a tool: its name, the other names a call may give it (aliases, from other tool sets models were
 * trained on), type, whether it is required, what it means (for the schema and the prose), and how large its value may
 * be. The schema a model sees and the validation a call meets are both derived from it, so they cannot drift apart.
 */
public record Parameter(String name, Type type, boolean required, String description, int maxLength, boolean allowEmpty,
                        List<String> aliases) {

    /** The value types a tool parameter can have. */
    public enum Type {
        STRING("a string"),
        POSITIVE_INTEGER("a positive integer"),
        BOOLEAN("a boolean (true or false)"),
        STRING_ARRAY("an array of strings"),
        /** Items with a title and an optional description ({@link Titled}), such as a plan's steps. */
        TITLED_ARRAY("an array of {\"title\", \"description\"} objects"),
        /**
         * Any JSON value, handed to the tool as a Jackson node: for tools whose arguments another program defines and
         * checks (MCP servers). In XML mode a value that is JSON text is parsed; other text stays a string.
         */
        JSON("a JSON value");

        private final String phrase;

        Type(String phrase) {
            this.phrase = phrase;
        }

        /** How a message names the type: "a positive integer". */
        public String phrase() {
            return phrase;
        }
    }

    /** Default bound for short strings such as paths and queries. */
    public static final int SHORT = 4_096;
    /** Bound for file content, diffs and code edits. */
    public static final int LONG = 2_000_000;

    public Parameter {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
        if (maxLength <= 0) {
            throw new IllegalArgumentException("maxLength must be positive");
        }
        aliases = List.copyOf(aliases);
        if (aliases.contains(name)) {
            throw new IllegalArgumentException("a parameter is not its own alias: " + name);
        }
    }

    public static Parameter required(String name, Type type, String description) {
        return new Parameter(name, type, true, description, SHORT, false, List.of());
    }

    public static Parameter optional(String name, Type type, String description) {
        return new Parameter(name, type, false, description, SHORT, false, List.of());
    }

    /** The same parameter accepting values up to {@code max} characters (or items, for arrays). */
    public Parameter maxLength(int max) {
        return new Parameter(name, type, required, description, max, allowEmpty, aliases);
    }

    /** The same parameter accepting an empty string (a file's content may be empty; a path may not). */
    public Parameter emptyAllowed() {
        return new Parameter(name, type, required, description, maxLength, true, aliases);
    }

    /** The same parameter, also accepted under these names (a call gives it once, under any one of them). */
    public Parameter alsoAccepted(String... names) {
        return new Parameter(name, type, required, description, maxLength, allowEmpty, List.of(names));
    }

    /** The description as the model reads it: with the aliases named, so a call under an old name is no surprise. */
    public String documented() {
        if (aliases.isEmpty()) {
            return description;
        }
        return description + " Also accepted as " + String.join(" or ", aliases) + ".";
    }

    /** The name of the free-text reason every call may carry (the system prompt asks for one). */
    public static final String EXPLANATION = "explanation";

    /** The optional free-text reason every tool takes so the model can say why it calls it; never acted upon. */
    public static Parameter explanation() {
        return optional(EXPLANATION, Type.STRING, "One sentence on why this tool is used and how it helps the goal.")
                .emptyAllowed();
    }

    /** The workspace path parameter of the file tools, named as Cline's and Claude's tools name it. */
    public static final String PATH = "path";

    /**
     * The other names a file tool's {@value #PATH} takes: {@code target_file} (this tool set's earlier name) and
     * {@code file_path} (Claude Code's), which models trained on those tools write.
     */
    public static final List<String> PATH_ALIASES = List.of("target_file", "file_path");

    /** The {@value #PATH} parameter of a file tool, also accepted under {@link #PATH_ALIASES}. */
    public static Parameter filePath(String description) {
        return required(PATH, Type.STRING, description).alsoAccepted(PATH_ALIASES.toArray(String[]::new));
    }

    /** Every name a call may give it under: its own, then its aliases. */
    public List<String> names() {
        List<String> names = new java.util.ArrayList<>(aliases.size() + 1);
        names.add(name);
        names.addAll(aliases);
        return names;
    }

    /** Its value in a call's arguments, under its name or the first alias given; empty when none is. */
    public Optional<JsonNode> valueIn(JsonNode arguments) {
        for (String given : names()) {
            JsonNode value = arguments.get(given);
            if (value != null && !value.isNull()) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
