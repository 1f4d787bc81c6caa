package dev.agentls.lsp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.ParsedSettings;
import dev.agentls.config.SettingsException;
import dev.agentls.config.SettingsParser;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The one place a session's settings live: the immutable {@link AgentLsSettings} in force, which a run reads when it
 * starts ({@link #get()}). They are parsed from three layers, each laid over the one before key by key: the command
 * line's flags, the editor's initializationOptions, and the editor's latest {@code workspace/configuration} (pulled,
 * or pushed with {@code workspace/didChangeConfiguration}). A layer with any bad value is refused whole, with every
 * problem named, and the settings in force stay as they were; unknown keys are only warned about.
 */
final class SessionSettings implements Supplier<AgentLsSettings> {

    /** How deep a settings layer may nest; the real settings are three levels deep. */
    static final int MAX_DEPTH = 32;

    /** What taking a layer did: its errors (then nothing changed) and warnings. */
    record Outcome(List<String> errors, List<String> warnings) {
        Outcome {
            errors = List.copyOf(errors);
            warnings = List.copyOf(warnings);
        }

        boolean refused() {
            return !errors.isEmpty();
        }
    }

    private final SettingsParser parser = new SettingsParser();
    private final CommandLineSettings commandLine;
    /**
     * Jackson and the layers as trees are made at the first editor layer, not here: building an ObjectMapper costs
     * hundreds of classes, and this object is built on the way to the initialize answer, which needs none of it.
     */
    private ObjectMapper json;
    private ObjectNode flags;
    private ObjectNode initialization;
    private ObjectNode configuration;
    private volatile AgentLsSettings current;

    SessionSettings(CommandLineSettings commandLine) {
        this.commandLine = commandLine;
        AgentLsSettings start;
        try {
            // The flags as plain maps: the parser reads them as it reads a tree.
            start = parser.parse(commandLine.section()).settings();
        } catch (SettingsException e) {
            // The command line refuses bad flags before a server starts; this only guards a caller that did not.
            start = AgentLsSettings.defaults();
        }
        use(start);
    }

    /** Makes the mapper and the layers' trees at first use; callers hold this object's lock. */
    private ObjectMapper trees() {
        if (json == null) {
            json = new ObjectMapper();
            flags = json.valueToTree(commandLine.section());
            initialization = json.createObjectNode();
            configuration = json.createObjectNode();
        }
        return json;
    }

    /** The settings in force now. */
    @Override
    public AgentLsSettings get() {
        return current;
    }

    /** Lays the editor's initializationOptions (the section, or an object holding it as {@code agentls}) over the flags. */
    synchronized Outcome takeInitializationOptions(JsonNode options) {
        Outcome shape = shape(options);
        if (shape.refused()) {
            return shape;
        }
        trees();
        ObjectNode layer = section(options);
        Outcome outcome = parse(merged(layer, configuration));
        if (!outcome.refused()) {
            initialization = layer;
        }
        return outcome;
    }

    /** Lays the editor's current configuration section over the flags and initializationOptions. */
    synchronized Outcome takeConfiguration(JsonNode section) {
        Outcome shape = shape(section);
        if (shape.refused()) {
            return shape;
        }
        trees();
        ObjectNode layer = section(section);
        Outcome outcome = parse(merged(initialization, layer));
        if (!outcome.refused()) {
            configuration = layer;
        }
        return outcome;
    }

    /** Refuses a layer that is not an object (nothing at all is fine: it means no settings). */
    private static Outcome shape(JsonNode value) {
        JsonNode section = value != null && value.isObject() && value.has("agentls") ? value.get("agentls") : value;
        if (section == null || section.isNull() || section.isObject()) {
            return new Outcome(List.of(), List.of());
        }
        return new Outcome(List.of("agentls: expected an object of settings such as {\"llm\": {\"model\": \"...\"}},"
                + " got " + section.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)), List.of());
    }

    private Outcome parse(ObjectNode section) {
        try {
            ParsedSettings parsed = parser.parse(section);
            use(parsed.settings());
            return new Outcome(List.of(), parsed.warnings());
        } catch (SettingsException e) {
            // A variable the refused settings name as the key's is still a key: commands must not see it.
            JsonNode named = section.path("llm").path("apiKeyEnv");
            if (named.isTextual()) {
                commandLine.keyVariableNamed().accept(named.asText());
            }
            return new Outcome(e.errors(), List.of());
        }
    }

    private void use(AgentLsSettings settings) {
        current = settings;
        commandLine.keyVariableNamed().accept(settings.llm().apiKeyEnv());
    }

    /** The {@code agentls} member of an object that has one, else the object; nothing (null, not an object) is empty. */
    private ObjectNode section(JsonNode value) {
        if (value != null && value.isObject()) {
            JsonNode inner = value.get("agentls");
            if (inner != null && inner.isObject()) {
                return (ObjectNode) inner;
            }
            return (ObjectNode) value;
        }
        return trees().createObjectNode();
    }

    private ObjectNode merged(ObjectNode editor, ObjectNode latest) {
        ObjectNode out = flags.deepCopy();
        overlay(out, editor, 0);
        overlay(out, latest, 0);
        return out;
    }

    /** Lays {@code over} onto {@code base}: objects merge key by key, any other value replaces. */
    private static void overlay(ObjectNode base, JsonNode over, int depth) {
        for (Iterator<Map.Entry<String, JsonNode>> it = over.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode existing = base.get(field.getKey());
            if (existing instanceof ObjectNode target && field.getValue().isObject() && depth < MAX_DEPTH) {
                overlay(target, field.getValue(), depth + 1);
            } else {
                base.set(field.getKey(), field.getValue().deepCopy());
            }
        }
    }
}
