package dev.agentls.acp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What a session showed the client, as the {@code session/update}s it sent, one JSON line each under
 * {@code .agentls/acp/<sessionId>.jsonl}: {@code session/load} replays them. Forced to disk when a prompt is
 * answered, so a killed agent loses no answered turn; a torn last line (a kill mid-write) is skipped on replay.
 */
final class SessionJournal {

    private final ObjectMapper json = new ObjectMapper();
    private final Path file;

    private SessionJournal(Path file) {
        this.file = file;
    }

    /** The journal of a session; its id was checked as a conversation id, so it names a file under the folder. */
    static SessionJournal of(Path root, String sessionId) {
        return new SessionJournal(root.resolve(".agentls").resolve("acp").resolve(sessionId + ".jsonl"));
    }

    /** Removes the journal: its session was deleted. */
    synchronized void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }

    synchronized void append(ObjectNode update) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, (json.writeValueAsString(update) + "\n").getBytes(StandardCharsets.UTF_8),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the session in " + file, e);
        }
    }

    /** Makes what was appended durable. */
    synchronized void force() {
        if (!Files.exists(file)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + file + " durable", e);
        }
    }

    synchronized List<ObjectNode> updates() {
        List<ObjectNode> updates = new ArrayList<>();
        if (!Files.exists(file)) {
            return updates;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                try {
                    if (json.readTree(line) instanceof ObjectNode update) {
                        updates.add(update);
                    }
                } catch (IOException torn) {
                    // The line a killed process was writing: everything before it is whole.
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return updates;
    }
}
