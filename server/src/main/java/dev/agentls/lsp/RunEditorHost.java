package dev.agentls.lsp;

import dev.agentls.host.ApprovalAnswer;
import dev.agentls.host.ApprovalQuestion;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.session.RunNotes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The editor's host of one run: changes go through the session's {@link LspHost} (the session core checks them
 * against what the model saw first); approvals and questions go through {@link EditorAsking} under the run's id;
 * progress goes to the run's own progress. A change's outcome waits (bounded) for the editor's other language servers
 * to settle and carries what they newly say of the changed files; before a command, the run's unsaved files are saved
 * by the editor where it can ({@link SaveBeforeCommand}).
 */
final class RunEditorHost implements Host {

    private final String runId;
    private final LspHost editor;
    private final EditorAsking asking;
    private final RunNotes notes;
    private final Consumer<String> progress;
    private final RunEditorFiles files;

    /** @param files the run's view of its files: saves before commands, the editor's diagnostics */
    RunEditorHost(String runId, LspHost editor, EditorAsking asking, RunNotes notes, Consumer<String> progress,
                  RunEditorFiles files) {
        this.files = files;
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
        Set<Path> paths = new LinkedHashSet<>();
        changes.stream().filter(change -> !(change instanceof FileChange.Delete)).forEach(c -> paths.add(c.path()));
        Map<Path, Optional<EditorDiagnostics.Report>> before = new LinkedHashMap<>();
        paths.forEach(path -> before.put(path, files.diagnostics().current(path)));
        long mark = files.diagnostics().mark();
        return editor.applyRunChanges(changes)
                .thenCompose(outcome -> {
                    if (!(outcome instanceof ChangeOutcome.Applied applied)) {
                        return CompletableFuture.completedFuture(outcome);
                    }
                    return files.diagnostics().settled(paths, mark).thenApply(settled -> {
                        List<String> notes = new ArrayList<>(List.of(applied.note()));
                        before.forEach((path, old) -> files.diagnostics().current(path)
                                .filter(now -> now.seq() > mark)
                                .flatMap(now -> DiagnosticsDelta.describe(files.shown().apply(path), old, now))
                                .ifPresent(notes::add));
                        return new ChangeOutcome.Applied(String.join("\n", notes.stream()
                                .filter(text -> !text.isBlank()).toList()));
                    });
                });
    }

    @Override
    public String beforeCommandNotice() {
        return files.saves().notice();
    }

    @Override
    public CompletableFuture<String> beforeCommand() {
        return files.saves().prepare();
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return asking.policy().approve(this, runId, title, detail, notes, reason -> { });
    }

    @Override
    public CompletableFuture<ApprovalAnswer> approve(ApprovalQuestion question) {
        return asking.approve(runId, question);
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
