package dev.agentls.lsp;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Before a run's command, the files the run changed that the disk does not yet hold: the editor is asked to save
 * them (where it can), the approval names them, and the model is told which were saved and which were still unsaved
 * when the command ran, so it never takes a test of the old code for a test of its edit.
 */
final class SaveBeforeCommand {

    private final RunEditWatch changed;
    private final EditorSaves saves;
    private final Function<Path, String> shown;

    /** @param shown a file's name as the user and model read it (workspace-relative) */
    SaveBeforeCommand(RunEditWatch changed, EditorSaves saves, Function<Path, String> shown) {
        this.changed = changed;
        this.saves = saves;
        this.shown = shown;
    }

    String notice() {
        List<Path> unsaved = changed.unsaved();
        if (unsaved.isEmpty()) {
            return "";
        }
        if (saves.available()) {
            return "Before it runs, the editor saves the files this run changed: " + names(unsaved) + ".";
        }
        return "Unsaved edits in " + names(unsaved) + ": the command sees the files on disk, without them. Save them"
                + " first (:w in Helix or Vim, C-x s in Emacs, Ctrl+S) if the command should see the edits.";
    }

    CompletableFuture<String> prepare() {
        List<Path> unsaved = changed.unsaved();
        if (unsaved.isEmpty()) {
            return CompletableFuture.completedFuture("");
        }
        return saves.save(unsaved).thenApply(outcome -> {
            StringBuilder note = new StringBuilder();
            if (!outcome.saved().isEmpty()) {
                note.append("Saved in the editor before the command ran: ").append(names(outcome.saved()))
                        .append('.');
            }
            if (!outcome.unsaved().isEmpty()) {
                if (note.length() > 0) {
                    note.append('\n');
                }
                note.append("Unsaved when the command ran (").append(outcome.why()).append("), so the command saw")
                        .append(" the disk without this run's edits to: ").append(names(outcome.unsaved()))
                        .append(". Its output does not reflect those edits.");
            }
            return note.toString();
        });
    }

    private String names(List<Path> paths) {
        return paths.stream().map(shown).collect(Collectors.joining(", "));
    }
}
