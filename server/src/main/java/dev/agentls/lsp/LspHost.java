package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The {@link Host} of an editor: changes become one {@code workspace/applyEdit} (so they reach the buffers, unsaved and
 * undoable), questions become {@code window/showMessageRequest}, progress becomes {@code $/progress}. Every
 * method returns at once; the editor's answer completes the future on LSP4J's reader thread, so nothing here ever
 * waits on the editor. A change planned on text the user has since changed is carried over by content or refused
 * ({@link SendTimeCarryOver}); an edit the editor refuses for a version the user's typing moved past, or skips for
 * it while answering "applied" (Neovim 0.7, seen in its buffer reports by {@link EditInBuffers}), is re-planned on the
 * newest text and sent once more ({@link RefusedForTyping}); any other refusal, a timeout or a broken connection is a
 * refusal, never retried.
 *
 * <p>It goes by what the editor declared at {@code initialize}. An editor that does not declare
 * {@code workspace.applyEdit} is sent no edit (Vim's ALE declares false, applies one anyway and never answers, which
 * would hang the command): the edit is handed back for the editor to apply itself. An editor that declares versioned
 * edits ({@code workspaceEdit.documentChanges}) refuses an edit for another version of its buffer, so once it answers
 * "applied" its answer stands without waiting for a buffer report it may not send until the command is over (Emacs);
 * for other editors (Neovim skips stale edits and still answers "applied") the answer waits, briefly, for the report.
 * A run's edits ({@link #applyRunChanges}) wait for the report from every editor, since the run plans its next step
 * on the reported text and the editor is not blocked by a command while a run goes on.
 */
final class LspHost implements Host {

    private static final String YES = "Yes";
    private static final String NO = "No";

    static final String NO_APPLY_EDIT = "this editor declares that it does not apply edits sent by a server (its"
            + " workspace.applyEdit capability is not true), so none was sent and nothing changed";

    private final LanguageClient client;
    private final WorkspaceEdits workspaceEdits;
    private final EditInBuffers buffers;
    private final BinaryWrites binaryWrites;
    private final Progress progress;
    private final Duration answerTimeout;
    private final boolean appliesEdits;
    private final Duration reportWait;
    private final RefusedForTyping typing;
    private final Executor replans;
    /** How many times an edit the editor refused for versions the user's typing moved past is re-planned. */
    static final int REPLANS = 1;
    /** Whether the editor declares versioned edits ({@code workspaceEdit.documentChanges}), refusing stale ones. */
    private final boolean versioned;
    /** Per open buffer, the version at which the editor last applied an edit of ours (its report may be to come). */
    private final Map<Path, Integer> lastAppliedAt = new ConcurrentHashMap<>();

    /**
     * @param answerTimeout how long to wait for the editor to answer an edit; past it the change is reported as not
     *     applied (and the request cancelled) so a run never hangs on an editor that went away
     * @param reportWait how long to wait, after the editor answered "applied", for its report of each buffer the edit
     *     touched, when the editor does not declare versioned edits; past it the edit stands unconfirmed
     * @param replans where an edit refused or skipped for the user's typing is re-planned (off the reader thread)
     */
    LspHost(LanguageClient client, WorkspaceEdits workspaceEdits, EditInBuffers buffers, BinaryWrites binaryWrites,
            ClientCapabilities capabilities, Duration answerTimeout, Duration reportWait, RefusedForTyping typing,
            Executor replans) {
        this.client = client;
        this.typing = typing;
        this.replans = replans;
        this.workspaceEdits = workspaceEdits;
        this.buffers = buffers;
        this.binaryWrites = binaryWrites;
        this.progress = new Progress(client, capabilities);
        this.answerTimeout = answerTimeout;
        WorkspaceClientCapabilities workspace = capabilities == null ? null : capabilities.getWorkspace();
        this.appliesEdits = workspace != null && Boolean.TRUE.equals(workspace.getApplyEdit());
        this.versioned = workspace != null && workspace.getWorkspaceEdit() != null
                && Boolean.TRUE.equals(workspace.getWorkspaceEdit().getDocumentChanges());
        this.reportWait = versioned ? Duration.ZERO : reportWait;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return applyChanges(List.of(change));
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        return send(changes).thenApply(EditorAnswer::toChangeOutcome);
    }

    /**
     * A run's edit: as {@link #applyChanges}, but the answer waits (at most {@link #RUN_REPORT_WAIT}) for the
     * editor's report of every buffer it touched even where the editor declares versioned edits. A run's next step
     * plans on the server's copy of the buffer, which holds the edit only once the report is in: eglot sends it after
     * 0.5 s idle, and a step planned before it is planned on text without the edit, for a version eglot has left.
     * The command that started the run has been answered, so the editor is free to report.
     */
    CompletableFuture<ChangeOutcome> applyRunChanges(List<FileChange> changes) {
        return send(changes, versioned ? RUN_REPORT_WAIT : reportWait).thenApply(EditorAnswer::toChangeOutcome);
    }

    /** How long a run's edit waits for the report of an editor with versioned edits (eglot: 0.5 s idle, and load). */
    static final Duration RUN_REPORT_WAIT = Duration.ofSeconds(3);

    /**
     * All changes in one {@code workspace/applyEdit}, which the editor applies whole or not at all; an answer of
     * "applied" is confirmed by the touched open buffers' reports (see {@link EditInBuffers}). Binary content goes to
     * disk afterwards (see {@link BinaryWrites}). To an editor that takes no edits from a server, nothing is sent.
     */
    CompletableFuture<EditorAnswer> send(List<FileChange> changes) {
        return send(changes, reportWait);
    }

    private CompletableFuture<EditorAnswer> send(List<FileChange> changes, Duration waitForReports) {
        List<FileChange.WriteBytes> binary = new ArrayList<>();
        List<FileChange> text = new ArrayList<>();
        for (FileChange change : changes) {
            if (change instanceof FileChange.WriteBytes write) {
                binary.add(write);
            } else {
                text.add(change);
            }
        }
        Optional<String> refused = binaryWrites.refusal(binary);
        if (refused.isPresent()) {
            return CompletableFuture.completedFuture(new EditorAnswer.NotApplied(refused.get()));
        }
        if (!appliesEdits) {
            return CompletableFuture.completedFuture(forTheEditor(text, binary));
        }
        return applyInEditor(text, waitForReports).thenApply(answer -> {
            if (!(answer instanceof EditorAnswer.Applied) || binary.isEmpty()) {
                return answer;
            }
            ChangeOutcome written = binaryWrites.write(binary);
            return written instanceof ChangeOutcome.Refused r ? new EditorAnswer.NotApplied(r.reason()) : answer;
        });
    }

    /** The edit handed back to an editor that does not take edits from a server; binary files cannot go in one. */
    private EditorAnswer forTheEditor(List<FileChange> text, List<FileChange.WriteBytes> binary) {
        if (!binary.isEmpty()) {
            return new EditorAnswer.NotApplied(NO_APPLY_EDIT + "; it would restore binary files ("
                    + String.join(", ", binary.stream().map(b -> b.path().getFileName().toString()).toList())
                    + "), which no edit for an editor can carry");
        }
        WorkspaceEdits.Built built;
        try {
            built = workspaceEdits.build(text);
        } catch (WorkspaceEdits.StaleChange e) {
            return new EditorAnswer.NotApplied(e.getMessage());
        }
        if (built.edit().getDocumentChanges().isEmpty()) {
            return EditorAnswer.Applied.CONFIRMED;
        }
        return new EditorAnswer.ForTheEditor(built.edit(), NO_APPLY_EDIT
                + "; the edit is in this answer's 'edit', for the editor to apply itself");
    }

    private CompletableFuture<EditorAnswer> applyInEditor(List<FileChange> changes, Duration waitForReports) {
        return applyInEditor(changes, waitForReports, REPLANS, null);
    }

    /**
     * One send of the changes, fitted to the text at send time. An edit the editor refuses after the user's typing
     * moved its buffers on is re-planned on the newest text and sent again, {@code replansLeft} more times;
     * {@code replanned} (null on the first send) says why the edit is being sent again, for the model.
     */
    private CompletableFuture<EditorAnswer> applyInEditor(List<FileChange> changes, Duration waitForReports,
                                                          int replansLeft, String replanned) {
        WorkspaceEdits.Built built;
        try {
            built = workspaceEdits.build(changes);
        } catch (WorkspaceEdits.StaleChange e) {
            return CompletableFuture.completedFuture(new EditorAnswer.NotApplied(
                    replanned == null ? e.getMessage() : replanned + "; but " + e.getMessage()));
        }
        WorkspaceEdit edit = built.edit();
        if (edit.getDocumentChanges().isEmpty()) {
            return CompletableFuture.completedFuture(EditorAnswer.Applied.CONFIRMED);
        }
        String label = changes.size() == 1 ? "AgentLS: edit " + changes.get(0).path().getFileName()
                : "AgentLS: edit " + changes.size() + " files";
        CompletableFuture<ApplyWorkspaceEditResponse> request =
                client.applyEdit(new ApplyWorkspaceEditParams(edit, label));
        // LSP4J's request future makes every future derived from it its own kind, whose applyToEither refuses a
        // plain future; the answer is followed on a plain future instead.
        CompletableFuture<ApplyWorkspaceEditResponse> response = new CompletableFuture<>();
        request.whenComplete((value, error) -> {
            if (error != null) {
                response.completeExceptionally(error);
            } else {
                response.complete(value);
            }
        });
        CompletableFuture<Optional<EditorAnswer>> answered = response
                .orTimeout(answerTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((value, error) -> outcome(request, value, error));
        if (!built.toOpenBuffers().isEmpty() && built.unfollowed().isEmpty()) {
            // An editor may apply the edit and never answer (Vim's ALE does, though it declares it cannot): once its
            // reports of every buffer show the edit, that is the answer, and the run does not wait minutes for more.
            answered = answered.applyToEither(buffers.shownInEveryBuffer(built.toOpenBuffers())
                    .thenApply(shown -> Optional.<EditorAnswer>empty()), Function.identity());
        }
        String carriedOver = carriedOverNote(replanned, built.carriedOver());
        return answered.thenCompose(outcome -> {
            if (outcome.isPresent()) {
                return refusedByTheEditor(response)
                        ? replan(built, outcome.get(), ((EditorAnswer.NotApplied) outcome.get()).reason(),
                                waitForReports, replansLeft, replanned)
                        : CompletableFuture.completedFuture(outcome.get());
            }
            if (versioned) {
                // Versioned edits are answered before the editor's report (eglot): the next plan must wait for it.
                built.toOpenBuffers().forEach(sent -> lastAppliedAt.put(sent.path(), sent.version()));
            }
            return buffers.judgeAll(built.toOpenBuffers(), built.unfollowed(), waitForReports).thenCompose(judged -> {
                if (judged.skippedEverywhere()) {
                    // Neovim answers "applied" for a versioned edit its typing made stale, and skips it: a refusal.
                    return replan(built, judged.answer(), SKIPPED, waitForReports, replansLeft, replanned);
                }
                EditorAnswer answer = judged.answer();
                return CompletableFuture.completedFuture(answer instanceof EditorAnswer.Applied applied
                        ? applied.carriedOver(carriedOver) : answer);
            });
        });
    }

    /** Whether the editor answered, refusing the edit (not a timeout, not a broken connection). */
    private static boolean refusedByTheEditor(CompletableFuture<ApplyWorkspaceEditResponse> response) {
        return response.isDone() && !response.isCompletedExceptionally() && response.join() != null
                && !response.join().isApplied();
    }

    /** Why a skipped edit is sent again, as the model hears it before the typing that made it stale. */
    static final String SKIPPED = "the editor answered that it applied the edit but skipped it, as its buffer had"
            + " moved past the version the edit was sent for";

    /**
     * After the editor refused or skipped {@code built} ({@code reason} says which, for the model): when the user's
     * typing had moved its buffers past the versions it was sent for, the edit is re-planned on the newest text and
     * sent again (once: an editor whose buffers keep moving gets a refusal, not a loop); otherwise {@code refusal}
     * stands. The re-plan (a content rebase, tens of milliseconds on a large file) runs on the {@code replans}
     * executor, never on the thread that completed the editor's answer or report: that is LSP4J's reader thread.
     */
    private CompletableFuture<EditorAnswer> replan(WorkspaceEdits.Built built, EditorAnswer refusal, String reason,
                                                   Duration waitForReports, int replansLeft, String replanned) {
        if (replansLeft <= 0) {
            return CompletableFuture.completedFuture(replanned == null ? refusal : new EditorAnswer.NotApplied(
                    replanned + "; and it was refused again (" + reason + "): the buffer kept changing while the"
                    + " edit was on its way, so it is not re-planned a second time. Nothing was applied, so the"
                    + " user's typing stands. Read the file again and redo the edit"));
        }
        return typing.movedOn(built.toOpenBuffers()).thenComposeAsync(moved -> moved.isEmpty()
                ? CompletableFuture.completedFuture(refusal)
                : applyInEditor(built.sent(), waitForReports, replansLeft - 1,
                        reason + " (the user typed while it was on its way:"
                        + " " + moved.get() + "), so it was re-planned on the newest text and sent again"), replans);
    }

    /** What the model hears of an edit sent again after a refusal, or carried over past typing; null: nothing. */
    private static String carriedOverNote(String replanned, List<String> carriedOver) {
        List<String> parts = new ArrayList<>();
        if (replanned != null) {
            parts.add(replanned.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + replanned.substring(1));
        }
        parts.addAll(carriedOver);
        return parts.isEmpty() ? null : String.join(". ", parts);
    }

    /**
     * Completes once the editor has reported the buffer of {@code path} since it last applied an edit of ours to it,
     * or after {@code wait}: an edit planned before that report is planned on text without our edit, and an editor
     * with versioned edits refuses it (eglot reports a buffer only after half a second of idle time).
     */
    CompletableFuture<Void> reported(Path path, Duration wait) {
        Integer version = lastAppliedAt.get(path);
        return version == null ? CompletableFuture.completedFuture(null) : buffers.reportAfter(path, version, wait);
    }

    /** Empty when the editor answered that it applied the edit, else why it did not. */
    private Optional<EditorAnswer> outcome(CompletableFuture<ApplyWorkspaceEditResponse> request,
            ApplyWorkspaceEditResponse response, Throwable error) {
        if (error != null && unwrap(error) instanceof TimeoutException) {
            request.cancel(true);
            String waited = answerTimeout.toSeconds() > 0 ? answerTimeout.toSeconds() + " s"
                    : answerTimeout.toMillis() + " ms";
            return Optional.of(new EditorAnswer.NotApplied("the editor did not answer the edit within " + waited
                    + "; the request was cancelled, but check the buffer before trying again"));
        }
        if (error != null) {
            return Optional.of(new EditorAnswer.NotApplied("the editor did not apply the edit: "
                    + rootMessage(error)));
        }
        if (response != null && response.isApplied()) {
            return Optional.empty();
        }
        String reason = response == null ? null : response.getFailureReason();
        return Optional.of(new EditorAnswer.NotApplied("the editor refused the edit"
                + (reason == null || reason.isBlank() ? " (it gave no reason)" : ": " + reason)));
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        CompletableFuture<Optional<String>> asked = ask(title + (detail.isBlank() ? "" : "\n\n" + detail),
                List.of(YES, NO), MessageType.Warning);
        return QuestionWithdrawn.passedOn(asked.thenApply(answer -> answer.filter(YES::equals).isPresent()), asked);
    }

    /** Offers the options as buttons; a question without options cannot be asked over plain LSP, so it is empty. */
    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        if (options.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return ask(question, options, MessageType.Info);
    }

    private CompletableFuture<Optional<String>> ask(String message, List<String> options, MessageType type) {
        ShowMessageRequestParams params = new ShowMessageRequestParams(
                options.stream().map(MessageActionItem::new).toList());
        params.setType(type);
        params.setMessage(message);
        CompletableFuture<MessageActionItem> request = client.showMessageRequest(params);
        // A plain future, not one LSP4J derives from the request (cancelling those sends nothing); withdrawing it
        // cancels the request itself, which sends $/cancelRequest.
        CompletableFuture<Optional<String>> answer = new CompletableFuture<>();
        request.whenComplete((chosen, error) -> answer.complete(
                error != null || chosen == null ? Optional.empty() : Optional.ofNullable(chosen.getTitle())));
        QuestionWithdrawn.onWithdrawal(answer, reason -> request.cancel(true));
        return answer;
    }

    @Override
    public void progress(String message) {
        progress.report(message);
    }

    /** Ends the progress shown in the editor, if any. */
    void finishProgress(String message) {
        progress.end(message);
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static String rootMessage(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }
}
