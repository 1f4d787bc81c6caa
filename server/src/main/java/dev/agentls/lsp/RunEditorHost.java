package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.session.RunNotes;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The editor's host of one run: changes go through the session's {@link LspHost} (the session core checks them
 * against what the model saw first); approvals and questions go through {@link EditorAsking} under the run's id;
 * progress goes to the run's own progress.
 */
final class RunEditorHost implements Host {

    private final String runId;
    private final LspHost editor;
    private final EditorAsking asking;
    private final RunNotes notes;
    private final Consumer<String> progress;

    RunEditorHost(String runId, LspHost editor, EditorAsking asking, RunNotes notes, Consumer<String> progress) {
        this.runId = runId;
        this.editor = editor;
        this.asking = asking;
        this.notes = notes;
        this.progress = progress;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return applyChanges(List.of(change));
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        return editor.applyRunChanges(changes);
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return asking.confirm(runId, title, detail, notes);
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        return asking.ask(runId, question, options);
    }

    @Override
    public void progress(String message) {
        progress.accept(message);
    }
}
