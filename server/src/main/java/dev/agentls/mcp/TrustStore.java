package dev.agentls.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The project MCP servers the user trusted, kept in the project's {@code .agentls/settings.json} under
 * {@code mcpTrusted} as {@code {"<server>": "<sha-256 of its entry>"}}, beside the commands the user "Always
 * allowed" ({@code alwaysAllow}), whose format and every other key are kept as they are. A file that is not a JSON
 * object is never overwritten: the trust then holds for this session only, and {@link #remember} says why.
 */
final class TrustStore {

    static final String FILE = ".agentls/settings.json";
    static final String KEY = "mcpTrusted";
    private static final long MAX_FILE_BYTES = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private TrustStore() {}

    /** Whether {@code root}'s file trusts this server with exactly this fingerprint. */
    static boolean trusts(Path root, String server, String fingerprint) {
        return read(root.resolve(FILE))
                .map(object -> object.path(KEY).path(server))
                .filter(JsonNode::isTextual)
                .map(value -> value.textValue().equals(fingerprint))
                .orElse(false);
    }

    /** Records the trust; empty when written, else why it holds for this session only. */
    static synchronized Optional<String> remember(Path root, String server, String fingerprint) {
        Path file = root.resolve(FILE);
        ObjectNode object;
        if (Files.exists(file)) {
            Optional<ObjectNode> existing = read(file);
            if (existing.isEmpty()) {
                return Optional.of(FILE + " is not a JSON object; it was left as it is, so the trust holds for this"
                        + " session only");
            }
            object = existing.get();
        } else {
            object = JSON.createObjectNode();
        }
        JsonNode trusted = object.get(KEY);
        ObjectNode table = trusted != null && trusted.isObject() ? (ObjectNode) trusted : object.putObject(KEY);
        table.put(server, fingerprint);
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "settings", ".tmp");
            Files.writeString(temp, JSON.writeValueAsString(object) + "\n", StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot write " + FILE + " (" + e.getMessage() + "), so the trust holds for this"
                    + " session only");
        }
    }

    private static Optional<ObjectNode> read(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > MAX_FILE_BYTES) {
                return Optional.empty();
            }
            JsonNode parsed = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
            return parsed != null && parsed.isObject() ? Optional.of((ObjectNode) parsed) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
