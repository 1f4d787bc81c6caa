package dev.agentls.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.JsonKinds;
import dev.agentls.config.ParsedSettings;
import dev.agentls.config.SettingsException;
import dev.agentls.config.SettingsFlags;
import dev.agentls.config.SettingsParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The {@code agentls} settings section a {@code --settings FILE} holds, as an editor sends it: the section itself
 * ({@code {"llm": {...}, "mcp": {...}}}), or an object holding it as {@code agentls} (initializationOptions; other
 * top-level keys beside it are not AgentLS's and are ignored with a warning). One reader for every command that takes
 * such a file ({@code agentls run}, {@code agentls mcp list}), so they accept the same forms and refuse the same way.
 *
 * <p>It refuses, naming the file and the facts, anything that would otherwise pass as "no settings" and leave a
 * command silently on its defaults: a file that is missing, a folder, larger than {@link #MAX_BYTES}, not UTF-8, not
 * JSON (line and column), not a JSON object (an array), empty, an object holding none of the section's keys (VS
 * Code's dotted {@code "agentls.llm.model"} keys included), with a key twice, or with text after the object. The
 * values are checked by the one settings parser ({@link #parse()}, or laid under the command line's flags by the
 * caller), never here.
 */
final class SettingsFile {

    /** A settings file is a few servers and keys; a larger one is refused unread. */
    static final long MAX_BYTES = 1 << 20;
    private static final String SECTION = "agentls";
    private static final String FORMS = "the agentls settings section, such as {\"llm\": {\"model\": \"...\"}},"
            + " or {\"agentls\": {...}}";

    private final Path file;
    private final String label;
    private final ObjectNode section;
    private final List<String> warnings;

    private SettingsFile(Path file, String label, ObjectNode section, List<String> warnings) {
        this.file = file;
        this.label = label;
        this.section = section;
        this.warnings = List.copyOf(warnings);
    }

    /** Reads {@code file} and checks its form; its values are checked when parsed. */
    static SettingsFile read(Path file) throws SettingsFileException {
        return read(file, "--settings ");
    }

    /**
     * As {@link #read(Path)}, with the messages naming the file after {@code label} ("--settings ", "user settings
     * file ") rather than the flag.
     */
    static SettingsFile read(Path file, String label) throws SettingsFileException {
        String text = text(file, label);
        JsonNode root;
        try {
            root = new ObjectMapper()
                    .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .readTree(text);
        } catch (JsonProcessingException e) {
            throw new SettingsFileException(label + file + " is not valid JSON (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + "): "
                    + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode()) {
            throw new SettingsFileException(label + file + " is empty; it must hold " + FORMS);
        }
        if (!root.isObject()) {
            throw new SettingsFileException(label + file + " must hold a JSON object: " + FORMS + "; it holds "
                    + JsonKinds.of(root));
        }
        List<String> warnings = new ArrayList<>();
        JsonNode inner = root.get(SECTION);
        if (inner == null) {
            return new SettingsFile(file, label, bareSection(file, label, (ObjectNode) root), warnings);
        }
        if (!inner.isObject()) {
            throw new SettingsFileException(label + file + ": agentls: expected an object of settings such"
                    + " as {\"llm\": {\"model\": \"...\"}}, got " + JsonKinds.of(inner));
        }
        if (inner.isEmpty()) {
            throw new SettingsFileException(label + file + ": its agentls section is empty: nothing to"
                    + " apply");
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!name.equals(SECTION)) {
                warnings.add("top-level key " + ShownArgument.of(name) + " is outside the agentls section; ignored");
            }
        }
        return new SettingsFile(file, label, (ObjectNode) inner, warnings);
    }

    /**
     * The section keys of a file other writers share: the project's {@code .agentls/settings.json}, where the
     * approvals ({@code alwaysAllow}, {@code mcpTrusted}) are kept too. Only the section's keys are taken (or an
     * {@code agentls} object), every other key is left to its owner; empty when the file holds none. A file that is
     * not a JSON object is refused as {@link #read(Path, String)} refuses it.
     */
    static java.util.Optional<SettingsFile> readSectionKeys(Path file, String label) throws SettingsFileException {
        String text = text(file, label);
        JsonNode root;
        try {
            root = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).readTree(text);
        } catch (JsonProcessingException e) {
            throw new SettingsFileException(label + file + " is not valid JSON (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + "): " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new SettingsFileException(label + file + " must hold a JSON object");
        }
        JsonNode inner = root.get(SECTION);
        ObjectNode section = inner != null && inner.isObject() ? ((ObjectNode) inner).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        for (String key : SettingsParser.SECTION_KEYS) {
            if (root.has(key)) {
                section.set(key, root.get(key));
            }
        }
        return section.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(new SettingsFile(file, label, section, List.of()));
    }

    /** The object itself as the section, when it holds at least one of the section's keys. */
    private static ObjectNode bareSection(Path file, String label, ObjectNode root) throws SettingsFileException {
        if (root.isEmpty()) {
            throw new SettingsFileException(label + file + " holds an empty object: nothing to apply; it must"
                    + " hold " + FORMS);
        }
        List<String> keys = new ArrayList<>();
        boolean dotted = false;
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (SettingsParser.SECTION_KEYS.contains(name)) {
                return root;
            }
            dotted |= name.startsWith(SECTION + ".");
            if (keys.size() < 5) {
                keys.add(ShownArgument.of(name));
            }
        }
        String found = "found " + String.join(", ", keys) + (root.size() > keys.size() ? ", ..." : "");
        if (dotted) {
            throw new SettingsFileException(label + file + " holds dotted keys as VS Code's settings.json"
                    + " does (" + found + "); nest them instead: {\"agentls\": {\"llm\": {\"model\": \"...\"}}}");
        }
        throw new SettingsFileException(label + file + " holds no agentls settings: none of the section's"
                + " keys (" + String.join(", ", SettingsParser.SECTION_KEYS) + ") and no \"agentls\" object at its"
                + " top level (" + found + "); it must hold " + FORMS);
    }

    /** The file's text: a regular file of at most {@link #MAX_BYTES} bytes of UTF-8 (a leading BOM dropped). */
    private static String text(Path file, String label) throws SettingsFileException {
        if (Files.isDirectory(file)) {
            throw new SettingsFileException(label + file + " is not a file: it is a folder");
        }
        if (!Files.exists(file)) {
            throw new SettingsFileException(label + file + " is not a file: nothing is there");
        }
        if (!Files.isRegularFile(file)) {
            throw new SettingsFileException(label + file + " is not a file: not a regular file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            // Bounded while reading too: the file may grow between the size check and the read.
            bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                long size = Math.max(bytes.length, Files.size(file));
                throw new SettingsFileException(label + file + ": " + size + " bytes, more than the "
                        + MAX_BYTES + " a settings file may have; not read");
            }
        } catch (IOException e) {
            throw new SettingsFileException(label + file + " cannot be read: " + e.getMessage());
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new SettingsFileException(label + file + " is not UTF-8 text");
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** The section's content, checked for form only: a layer for {@link dev.agentls.config.SettingsLayers}. */
    ObjectNode section() {
        return section;
    }

    /**
     * The section without the keys a project's file may not set ({@code llm.baseUrl}: a cloned repository could
     * otherwise send the user's key to its own server), each one left out named in {@code dropped}.
     */
    ObjectNode sectionWithout(List<String> keys, List<String> dropped) {
        ObjectNode copy = section.deepCopy();
        for (String key : keys) {
            String[] path = key.split("\\.");
            JsonNode parent = copy;
            for (int i = 0; i < path.length - 1 && parent != null; i++) {
                parent = parent.get(path[i]);
            }
            if (parent instanceof ObjectNode object && object.remove(path[path.length - 1]) != null) {
                dropped.add(key);
            }
        }
        return copy;
    }

    /** What the reader warned of (keys outside the section), each naming the file. */
    List<String> warnings() {
        List<String> named = new ArrayList<>();
        warnings.forEach(w -> named.add(label + file + ": " + w));
        return named;
    }

    /** The file's settings alone, parsed by the one settings parser; its warnings follow the reader's. */
    ParsedSettings parse() throws SettingsFileException {
        try {
            return withReaderWarnings(new SettingsParser().parse(section));
        } catch (SettingsException e) {
            throw refused(e);
        }
    }

    /**
     * This file's settings with the command line's settings flags laid over them key by key (a flag wins), parsed as
     * one section by the one parser; the reader's warnings, then the parser's.
     */
    ParsedSettings underFlags(List<String> args) throws SettingsFileException {
        try {
            return withReaderWarnings(new SettingsFlags(new SettingsParser()).parse(args, section).settings());
        } catch (SettingsException e) {
            throw refused(e);
        }
    }

    private ParsedSettings withReaderWarnings(ParsedSettings parsed) {
        List<String> all = new ArrayList<>(warnings);
        all.addAll(parsed.warnings());
        return new ParsedSettings(parsed.settings(), all);
    }

    /** The parser's refusal of this file's settings (alone or under flags), every problem named. */
    private SettingsFileException refused(SettingsException e) {
        return new SettingsFileException(label + file + ": " + String.join("; ", e.errors()));
    }
}
