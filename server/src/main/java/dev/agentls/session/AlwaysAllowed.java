package dev.agentls.session;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The commands the user chose to "Always allow", kept in {@code .agentls/settings.json} under {@code alwaysAllow}
 * (other keys of that file are kept as they are). A file past {@link #MAX_FILE_BYTES} is not read. A file that is not a JSON object is never overwritten: the choice
 * then holds for this session only, and {@link #remember} says why.
 */
public final class AlwaysAllowed {

    public static final String FILE = ".agentls/settings.json";
    static final String KEY = "alwaysAllow";
    /** A bigger file is not read: the list is a few commands, and the file comes with the workspace. */
    static final long MAX_FILE_BYTES = 1 << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final Set<String> commands = new LinkedHashSet<>();

    public AlwaysAllowed(Path root) {
        this.file = root.resolve(FILE);
        read().ifPresent(object -> {
            JsonNode list = object.get(KEY);
            if (list != null && list.isArray()) {
                for (JsonNode command : list) {
                    if (command.isTextual()) {
                        commands.add(command.asText());
                    }
                }
            }
        });
    }

    synchronized boolean allows(String command) {
        return commands.contains(command);
    }

    /** Adds the command and writes the file; empty when written, else why it holds for this session only. */
    synchronized Optional<String> remember(String command) {
        commands.add(command);
        ObjectNode object;
        if (Files.exists(file)) {
            Optional<ObjectNode> existing = read();
            if (existing.isEmpty()) {
                return Optional.of(FILE + " is not a JSON object; it was left as it is, so the choice holds for"
                        + " this session only");
            }
            object = existing.get();
        } else {
            object = JSON.createObjectNode();
        }
        ArrayNode list = object.putArray(KEY);
        commands.forEach(list::add);
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), "settings", ".tmp");
            Files.writeString(temp, object + "\n", StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot write " + FILE + " (" + e.getMessage() + "), so the choice holds for this"
                    + " session only");
        }
    }

    private Optional<ObjectNode> read() {
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                return Optional.empty();
            }
            JsonNode parsed = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
            return parsed instanceof ObjectNode object ? Optional.of(object) : Optional.empty();
        } catch (JacksonException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
