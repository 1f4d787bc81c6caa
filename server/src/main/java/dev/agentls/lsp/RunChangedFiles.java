package dev.agentls.lsp;

import dev.agentls.host.FileChange;
import dev.agentls.workspace.DocumentStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The files one run changed in the editor and the text it left in each, to tell which of them hold edits the disk
 * lacks: a file is unsaved when the run's last text of it, or the editor's reported buffer of it (the user's typing
 * counts), differs from the disk; the editor may hold a buffer the server was never told of.
 */
final class RunChangedFiles {

    private final DocumentStore documents;
    /** Per changed file, the run's last text; empty once the run deleted it. */
    private final Map<Path, Optional<String>> lastText = new LinkedHashMap<>();

    RunChangedFiles(DocumentStore documents) {
        this.documents = documents;
    }

    synchronized void applied(List<FileChange> changes) {
        for (FileChange change : changes) {
            if (change instanceof FileChange.Modify modify) {
                lastText.put(change.path(), Optional.of(modify.newText()));
            } else if (change instanceof FileChange.Create create) {
                lastText.put(change.path(), Optional.of(create.text()));
            } else {
                lastText.put(change.path(), Optional.empty());
            }
        }
    }

    /** The changed files whose disk content differs from the editor's text of them, in the order first changed. */
    synchronized List<Path> unsaved() {
        List<Path> unsaved = new ArrayList<>();
        for (Map.Entry<Path, Optional<String>> entry : lastText.entrySet()) {
            Path path = entry.getKey();
            if (entry.getValue().isEmpty()) {
                continue;
            }
            String disk = disk(path);
            // The buffer's report may lag the edit (agentls.el sends it after 0.2 s idle), so either text counts.
            boolean buffer = documents.isOpen(path) && !documents.snapshot(path).text().equals(disk);
            if (buffer || !entry.getValue().get().equals(disk)) {
                unsaved.add(path);
            }
        }
        return unsaved;
    }

    private static String disk(Path path) {
        try {
            String text = new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (IOException e) {
            return null;
        }
    }
}
