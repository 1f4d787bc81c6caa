package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.nio.file.Path;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The host of one run started from the editor: changes are checked against what the run's model last saw of each
 * file ({@link ModelViewGuard}: the user's typing since is never overwritten) and go through the session's
 * {@link LspHost}; approvals and questions go through {@link EditorAsking} under the run's id; progress goes to the
 * run's own progress.
 */
final class RunEditorHost implements Host {

    private final String runId;
    private final LspHost editor;
    private final EditorAsking asking;
    private final RunNotes notes;
    private final Consumer<String> progress;
    private final Consumer<List<FileChange>> landed;
    private final Function<Path, Optional<String>> seen;
    private final BiFunction<Path, String, Optional<String>> writer;

    /**
     * @param landed hears every set of changes the editor applied (the transcript's diff, the review)
     * @param seen   what the run's model last saw of a file
     * @param writer the other run that left a file as the given text, if one did
     */
    RunEditorHost(String runId, LspHost editor, EditorAsking asking, RunNotes notes, Consumer<String> progress,
                  Consumer<List<FileChange>> landed, Function<Path, Optional<String>> seen,
                  BiFunction<Path, String, Optional<String>> writer) {
        this.seen = seen;
        this.writer = writer;
        this.runId = runId;
        this.editor = editor;
        this.asking = asking;
        this.notes = notes;
        this.progress = progress;
        this.landed = landed;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return applyChanges(List.of(change));
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        ModelViewGuard.Checked checked = ModelViewGuard.check(changes, seen, writer);
        if (checked instanceof ModelViewGuard.Checked.Refused refused) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused(refused.reason()));
        }
        ModelViewGuard.Checked.Proceed proceed = (ModelViewGuard.Checked.Proceed) checked;
        List<FileChange> sent = proceed.changes();
        return editor.applyRunChanges(sent)
                .thenApply(outcome -> {
                    if (!(outcome instanceof ChangeOutcome.Applied applied)) {
                        return outcome;
                    }
                    landed.accept(sent);
                    String note = String.join("\n", java.util.stream.Stream.of(proceed.note(), applied.note())
                            .filter(text -> !text.isBlank()).toList());
                    return new ChangeOutcome.Applied(note);
                });
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
