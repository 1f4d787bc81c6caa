package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The {@link Host} of an editor: changes become one {@code workspace/applyEdit} (so they land in the buffers, unsaved
 * and undoable), questions become {@code window/showMessageRequest}, progress becomes {@code $/progress}. Every
 * method returns at once; the editor's answer completes the future on LSP4J's reader thread, so nothing here ever
 * waits on the editor. A refusal, a stale buffer or a broken connection is a {@link ChangeOutcome.Refused}, never
 * retried.
 */
final class LspHost implements Host {

    private static final String YES = "Yes";
    private static final String NO = "No";

    private final LanguageClient client;
    private final WorkspaceEdits workspaceEdits;
    private final EditLanding landing;
    private final BinaryWrites binaryWrites;
    private final Progress progress;
    private final Duration answerTimeout;

    /**
     * @param answerTimeout how long to wait for the editor to answer an edit; past it the change is reported as not
     *     applied (and the request cancelled) so a run never hangs on an editor that went away
     */
    LspHost(LanguageClient client, WorkspaceEdits workspaceEdits, EditLanding landing, BinaryWrites binaryWrites,
            ClientCapabilities capabilities, Duration answerTimeout) {
        this.client = client;
        this.workspaceEdits = workspaceEdits;
        this.landing = landing;
        this.binaryWrites = binaryWrites;
        this.progress = new Progress(client, capabilities);
        this.answerTimeout = answerTimeout;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return applyChanges(List.of(change));
    }

    /**
     * All changes in one {@code workspace/applyEdit}, which the editor applies whole or not at all; an answer of
     * "applied" stands once the touched open buffers show the edit (see {@link EditLanding}). Binary content goes to
     * disk afterwards (see {@link BinaryWrites}).
     */
    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
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
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused(refused.get()));
        }
        return applyInEditor(text).thenApply(outcome -> outcome instanceof ChangeOutcome.Applied && !binary.isEmpty()
                ? binaryWrites.write(binary) : outcome);
    }

    private CompletableFuture<ChangeOutcome> applyInEditor(List<FileChange> changes) {
        WorkspaceEdits.Built built;
        try {
            built = workspaceEdits.build(changes);
        } catch (WorkspaceEdits.StaleChange e) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused(e.getMessage()));
        }
        WorkspaceEdit edit = built.edit();
        if (edit.getDocumentChanges().isEmpty()) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Applied());
        }
        String label = changes.size() == 1 ? "AgentLS: edit " + changes.get(0).path().getFileName()
                : "AgentLS: edit " + changes.size() + " files";
        CompletableFuture<ApplyWorkspaceEditResponse> request =
                client.applyEdit(new ApplyWorkspaceEditParams(edit, label));
        return request.copy().orTimeout(answerTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .handle((response, error) -> outcome(request, response, error))
                .thenCompose(outcome -> outcome instanceof ChangeOutcome.Applied
                        ? landing.confirm(built.toOpenBuffers()) : CompletableFuture.completedFuture(outcome));
    }

    private ChangeOutcome outcome(CompletableFuture<ApplyWorkspaceEditResponse> request,
            ApplyWorkspaceEditResponse response, Throwable error) {
        if (error != null && unwrap(error) instanceof TimeoutException) {
            request.cancel(true);
            String waited = answerTimeout.toSeconds() > 0 ? answerTimeout.toSeconds() + " s"
                    : answerTimeout.toMillis() + " ms";
            return new ChangeOutcome.Refused("the editor did not answer the edit within " + waited
                    + "; the request was cancelled, but check the buffer before trying again");
        }
        if (error != null) {
            return new ChangeOutcome.Refused("the editor did not apply the edit: " + rootMessage(error));
        }
        if (response != null && response.isApplied()) {
            return new ChangeOutcome.Applied();
        }
        String reason = response == null ? null : response.getFailureReason();
        return new ChangeOutcome.Refused("the editor refused the edit"
                + (reason == null || reason.isBlank() ? " (it gave no reason)" : ": " + reason));
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return ask(title + (detail.isBlank() ? "" : "\n\n" + detail), List.of(YES, NO), MessageType.Warning)
                .thenApply(answer -> answer.filter(YES::equals).isPresent());
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
        return client.showMessageRequest(params).handle((chosen, error) ->
                error != null || chosen == null ? Optional.<String>empty() : Optional.ofNullable(chosen.getTitle()));
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
