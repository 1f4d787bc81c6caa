package dev.agentls.lsp;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * The editor side of the in-process tests: real LSP4J types over real JSON-RPC. It applies {@code workspace/applyEdit}
 * to its own {@link EditorModel} (refusing a stale version like VS Code does), records every request it gets, and can
 * be told to refuse, or to "type" into a buffer just before it answers.
 */
final class TestEditor implements LanguageClient {

    final EditorModel model = new EditorModel();
    final List<ApplyWorkspaceEditParams> applyEditRequests = new CopyOnWriteArrayList<>();
    /** Completes with the first applyEdit this editor gets (before it answers it). */
    final CompletableFuture<ApplyWorkspaceEditParams> firstApplyEdit = new CompletableFuture<>();
    final List<MessageParams> logMessages = new CopyOnWriteArrayList<>();
    final List<ShowMessageRequestParams> questions = new CopyOnWriteArrayList<>();
    final List<ProgressParams> progress = new CopyOnWriteArrayList<>();
    private volatile Optional<String> refuseWith = Optional.empty();
    private volatile Consumer<ApplyWorkspaceEditParams> beforeAnswer = params -> {};
    private volatile String answer;
    private volatile boolean silent;
    private volatile boolean applyButNeverAnswer;
    private volatile boolean skipStaleLikeNeovim;
    private volatile boolean withholdChanges;
    private volatile LanguageServer server;

    /** The server this editor reports its buffer changes to, as every editor does after applying an edit. */
    void connect(LanguageServer server) {
        this.server = server;
    }

    /**
     * Every later edit for an older version than its buffer is skipped, and still answered as applied: what Neovim
     * does when the user typed and the change was not sent yet.
     */
    void skipStaleEditsLikeNeovim() {
        skipStaleLikeNeovim = true;
    }

    /** The editor stops reporting buffer changes after edits (an editor that never sends didChange). */
    void withholdChanges() {
        withholdChanges = true;
    }

    /** Every later applyEdit is refused with this reason. */
    void refuseEdits(String reason) {
        refuseWith = Optional.of(reason);
    }

    /** Every later applyEdit gets no answer at all (an editor that hung or went away). */
    void neverAnswerEdits() {
        silent = true;
    }

    /** Every later applyEdit is applied and its buffers reported, but never answered (an editor that forgets to). */
    void applyButNeverAnswer() {
        applyButNeverAnswer = true;
    }

    /** Runs just before the editor applies an edit (the user typing while the edit was in flight). */
    void beforeAnswering(Consumer<ApplyWorkspaceEditParams> action) {
        beforeAnswer = action;
    }

    /** The title of the button the "user" picks in window/showMessageRequest; null dismisses it. */
    void answerQuestionsWith(String title) {
        answer = title;
    }

    @Override
    public CompletableFuture<ApplyWorkspaceEditResponse> applyEdit(ApplyWorkspaceEditParams params) {
        applyEditRequests.add(params);
        firstApplyEdit.complete(params);
        if (silent) {
            return new CompletableFuture<>();
        }
        beforeAnswer.accept(params);
        ApplyWorkspaceEditResponse response = new ApplyWorkspaceEditResponse();
        Optional<String> failure = refuseWith.isPresent() ? refuseWith
                : model.apply(params.getEdit(), skipStaleLikeNeovim);
        response.setApplied(failure.isEmpty());
        failure.ifPresent(response::setFailureReason);
        if (failure.isEmpty()) {
            reportBuffers(params);
        }
        return applyButNeverAnswer ? new CompletableFuture<>() : CompletableFuture.completedFuture(response);
    }

    /** Sends each open buffer the edit addressed as it is now (before the answer, as VS Code does). */
    private void reportBuffers(ApplyWorkspaceEditParams params) {
        LanguageServer to = server;
        if (to == null || withholdChanges || params.getEdit().getDocumentChanges() == null) {
            return;
        }
        for (var change : params.getEdit().getDocumentChanges()) {
            if (change.isLeft() && change.getLeft().getTextDocument().getVersion() != null) {
                String uri = change.getLeft().getTextDocument().getUri();
                model.buffer(uri).ifPresent(buffer -> to.getTextDocumentService().didChange(
                        new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, buffer.version()),
                                List.of(new TextDocumentContentChangeEvent(buffer.text())))));
            }
        }
    }

    /** Every dynamic registration the server asked for. */
    final CompletableFuture<RegistrationParams> registration = new CompletableFuture<>();

    @Override
    public CompletableFuture<Void> registerCapability(RegistrationParams params) {
        registration.complete(params);
        return CompletableFuture.completedFuture(null);
    }

    /** Completes with the question this editor held open once the server cancels it ({@code $/cancelRequest}). */
    final CompletableFuture<ShowMessageRequestParams> questionCancelled = new CompletableFuture<>();
    private volatile boolean holdQuestions;

    /** Every later showMessageRequest stays open, unanswered, until the server cancels it. */
    void holdQuestions() {
        holdQuestions = true;
    }

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
        questions.add(params);
        if (holdQuestions) {
            return new CompletableFuture<>() {
                @Override
                public boolean cancel(boolean mayInterruptIfRunning) {
                    questionCancelled.complete(params);
                    return super.cancel(mayInterruptIfRunning);
                }
            };
        }
        return CompletableFuture.completedFuture(answer == null ? null : new MessageActionItem(answer));
    }

    @Override
    public CompletableFuture<Void> createProgress(WorkDoneProgressCreateParams params) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void notifyProgress(ProgressParams params) {
        synchronized (progress) {
            progress.add(params);
            progress.notifyAll();
        }
    }

    /** Waits (bounded) until {@code count} progress notifications arrived; returns them. */
    List<ProgressParams> awaitProgress(int count, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        synchronized (progress) {
            while (progress.size() < count) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    break;
                }
                progress.wait(left);
            }
            return List.copyOf(progress);
        }
    }

    @Override
    public void logMessage(MessageParams message) {
        logMessages.add(message);
    }

    @Override
    public void telemetryEvent(Object object) {}

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {}

    /** Every window/showMessage, in order. */
    final List<MessageParams> shownMessages = new CopyOnWriteArrayList<>();
    /** Completes with the first window/showMessage. */
    final CompletableFuture<MessageParams> firstShownMessage = new CompletableFuture<>();

    @Override
    public void showMessage(MessageParams messageParams) {
        shownMessages.add(messageParams);
        firstShownMessage.complete(messageParams);
    }
}
