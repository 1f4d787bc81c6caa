package dev.agentls.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What undoing a run needs: the checkpoints its edits made, and a digest of each file as the run left it (so an undo
 * can tell the user changed it since). Kept as {@code .agentls/runs/<id>.undo}, a small line format, next to the
 * transcript; only a run that changed files has one.
 */
public record RunRecord(String runId, List<String> checkpointIds, Map<Path, String> left) {

    static final String ABSENT = "absent";
    private static final String HEADER = "agentls-undo 1";

    public RunRecord {
        checkpointIds = List.copyOf(checkpointIds);
        left = Map.copyOf(left);
    }

    /** The record of run {@code runId}: its checkpoints, and {@code files} digested as they are on disk now. */
    static RunRecord capture(String runId, List<String> checkpointIds, List<Path> files) {
        Map<Path, String> left = new LinkedHashMap<>();
        for (Path file : files) {
            left.put(file, digest(file));
        }
        return new RunRecord(runId, checkpointIds, left);
    }

    static Path file(Path home, String runId) {
        return home.resolve(RunTranscript.FOLDER).resolve(runId + ".undo");
    }

    void write(Path home) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        checkpointIds.forEach(id -> text.append("checkpoint ").append(id).append('\n'));
        left.forEach((path, digest) -> text.append("left ").append(digest).append(' ').append(path).append('\n'));
        Path file = file(home, runId);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** The record of run {@code runId}, empty when it has none; a damaged record is refused with its name. */
    static Optional<RunRecord> read(Path home, String runId) {
        Path file = file(home, runId);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RunTranscript.FOLDER + "/" + runId + ".undo: "
                    + e.getMessage());
        }
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new IllegalStateException(RunTranscript.FOLDER + "/" + runId + ".undo is not an undo record");
        }
        List<String> ids = new ArrayList<>();
        Map<Path, String> left = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.startsWith("checkpoint ")) {
                ids.add(line.substring("checkpoint ".length()));
            } else if (line.startsWith("left ") && line.indexOf(' ', 5) > 0) {
                int space = line.indexOf(' ', 5);
                left.put(Path.of(line.substring(space + 1)), line.substring(5, space));
            } else if (!line.isBlank()) {
                throw new IllegalStateException(RunTranscript.FOLDER + "/" + runId + ".undo has a damaged line: "
                        + RunTranscript.firstLine(line));
            }
        }
        return Optional.of(new RunRecord(runId, ids, left));
    }

    /** SHA-256 of the file's bytes, or {@value #ABSENT} when there is no such file. */
    static String digest(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchFileException e) {
            return ABSENT;
        } catch (IOException e) {
            return "unreadable";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java", e);
        }
    }
}
