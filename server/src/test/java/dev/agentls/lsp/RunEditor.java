package dev.agentls.lsp;

import com.google.gson.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.eclipse.lsp4j.ApplyWorkspaceEditParams;
import org.eclipse.lsp4j.ApplyWorkspaceEditResponse;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.ShowDocumentParams;
import org.eclipse.lsp4j.ShowDocumentResult;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * The editor side of the run tests, behaving as one real client does ({@link RealClient}): it applies edits to its
 * {@link EditorModel} and reports its buffers after the client's delay (or never answers the edit, like ALE); it
 * answers {@code window/showMessageRequest} as the client does (MethodNotFound, as Helix; a button, as Neovim); and it
 * records every message, progress notification and {@code agentls/event} it gets.
 */
final class RunEditor implements LanguageClient {

    final EditorModel model = new EditorModel();
    final RealClient client;
    final List<JsonObject> events = new CopyOnWriteArrayList<>();
    final List<MessageParams> shown = new CopyOnWriteArrayList<>();
    final List<ShowMessageRequestParams> requests = new CopyOnWriteArrayList<>();
    final List<JsonObject> asked = new CopyOnWriteArrayList<>();
    final List<ProgressParams> progress = new CopyOnWriteArrayList<>();
    final List<ApplyWorkspaceEditParams> edits = new CopyOnWriteArrayList<>();
    final List<ShowDocumentParams> documentsShown = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    private volatile Function<ShowMessageRequestParams, String> buttons = params -> null;
    private volatile Function<JsonObject, String> answers = question -> null;
    private volatile LanguageServer server;
    private volatile java.util.function.UnaryOperator<String> typingBeforeNextEdit;

    RunEditor(RealClient client) {
        this.client = client;
    }

    void connect(LanguageServer server) {
        this.server = server;
    }

    /** The button the "user" picks in a showMessageRequest (for clients that show one); null dismisses it. */
    void pickButtons(Function<ShowMessageRequestParams, String> picker) {
        buttons = picker;
    }

    /** The answer the "user" gives an {@code agentls/ask} question. */
    void answerQuestions(Function<JsonObject, String> answerer) {
        answers = answerer;
    }

    /**
     * The user types into the edited buffer just as the next edit arrives: the buffer moves on a version before the
     * edit is applied, and the change reaches the server only after the editor answered the edit (as typing does).
     */
    void typeBeforeNextEdit(java.util.function.UnaryOperator<String> typing) {
        typingBeforeNextEdit = typing;
    }

    @Override
    public CompletableFuture<ApplyWorkspaceEditResponse> applyEdit(ApplyWorkspaceEditParams params) {
        edits.add(params);
        java.util.function.UnaryOperator<String> typing = typingBeforeNextEdit;
        typingBeforeNextEdit = null;
        if (typing != null && params.getEdit().getDocumentChanges() != null) {
            String uri = params.getEdit().getDocumentChanges().get(0).getLeft().getTextDocument().getUri();
            EditorModel.Buffer buffer = model.buffer(uri).orElseThrow();
            model.open(uri, typing.apply(buffer.text()), buffer.version() + 1);
            later.schedule(() -> report(params), client.reportDelayMillis(), TimeUnit.MILLISECONDS);
        }
        Optional<String> failure = model.apply(params.getEdit(), client.skipsStaleEdits());
        if (failure.isEmpty()) {
            later.schedule(() -> report(params), client.reportDelayMillis(), TimeUnit.MILLISECONDS);
        }
        if (!client.answersApplyEdit()) {
            return new CompletableFuture<>();
        }
        ApplyWorkspaceEditResponse response = new ApplyWorkspaceEditResponse(failure.isEmpty());
        failure.ifPresent(response::setFailureReason);
        return CompletableFuture.completedFuture(response);
    }

    /** When ({@link System#nanoTime}) the editor sent each report of an applied edit. */
    final List<Long> reportTimes = new CopyOnWriteArrayList<>();

    private void report(ApplyWorkspaceEditParams params) {
        LanguageServer to = server;
        if (to == null || params.getEdit().getDocumentChanges() == null) {
            return;
        }
        reportTimes.add(System.nanoTime());
        for (var change : params.getEdit().getDocumentChanges()) {
            if (change.isLeft()) {
                String uri = change.getLeft().getTextDocument().getUri();
                model.buffer(uri).ifPresent(buffer -> to.getTextDocumentService().didChange(
                        new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, buffer.version()),
                                List.of(new TextDocumentContentChangeEvent(buffer.text())))));
                model.buffer(uri).ifPresent(buffer -> afterReport.accept(uri, buffer.text()));
            }
        }
    }

    /** Hears each buffer this editor reported after an edit (its URI and text), as a language server would. */
    volatile java.util.function.BiConsumer<String, String> afterReport = (uri, text) -> { };

    /**
     * A question the "user" leaves open: the editor records the server's {@code $/cancelRequest} for it (LSP4J
     * cancels the future of the request it names) but keeps it open, as an editor that ignores cancels does, so the
     * test can answer it late with {@link #complete}.
     */
    static final class HeldQuestion<T> extends CompletableFuture<T> {
        final Object params;
        final CompletableFuture<Void> cancelReceived = new CompletableFuture<>();

        HeldQuestion(Object params) {
            this.params = params;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            cancelReceived.complete(null);
            return false;
        }
    }

    /** The questions held open since {@link #holdQuestions}, in the order they came. */
    final List<HeldQuestion<?>> held = new CopyOnWriteArrayList<>();
    private volatile boolean holdQuestions;

    /** Every later showMessageRequest and agentls/ask stays open until the test answers it ({@link #held}). */
    void holdQuestions() {
        holdQuestions = true;
    }

    /** Waits (bounded) for the {@code index}-th held question. */
    HeldQuestion<?> awaitHeld(int index) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS);
        while (held.size() <= index) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no question " + index + " was asked; shown: " + shown.stream()
                        .map(MessageParams::getMessage).toList());
            }
            Thread.sleep(10);
        }
        return held.get(index);
    }

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
        requests.add(params);
        if (holdQuestions) {
            HeldQuestion<MessageActionItem> question = new HeldQuestion<>(params);
            held.add(question);
            return question;
        }
        if (!client.answersShowMessageRequest()) {
            return CompletableFuture.failedFuture(new ResponseErrorException(new ResponseError(
                    ResponseErrorCode.MethodNotFound, "Method not found: window/showMessageRequest", null)));
        }
        String title = buttons.apply(params);
        return CompletableFuture.completedFuture(title == null ? null : new MessageActionItem(title));
    }

    @JsonNotification("agentls/event")
    public void agentEvent(JsonObject event) {
        events.add(event);
    }

    @JsonRequest("agentls/ask")
    public CompletableFuture<JsonObject> ask(JsonObject question) {
        asked.add(question);
        if (holdQuestions) {
            HeldQuestion<JsonObject> open = new HeldQuestion<>(question);
            held.add(open);
            return open;
        }
        JsonObject answer = new JsonObject();
        answer.addProperty("answer", answers.apply(question));
        return CompletableFuture.completedFuture(answer);
    }

    /** How this editor answers {@code agentls/saveDocuments}: save (write its buffers to disk), fail, or never answer. */
    enum Saving { SAVE, FAIL, NEVER_ANSWER }

    volatile Saving saving = Saving.SAVE;
    final List<JsonObject> saveRequests = new CopyOnWriteArrayList<>();

    @JsonRequest("agentls/saveDocuments")
    public CompletableFuture<JsonObject> saveDocuments(JsonObject params) {
        saveRequests.add(params);
        if (saving == Saving.NEVER_ANSWER) {
            return new CompletableFuture<>();
        }
        if (saving == Saving.FAIL) {
            return CompletableFuture.failedFuture(new ResponseErrorException(new ResponseError(
                    ResponseErrorCode.InternalError, "E212: Can't open file for writing", null)));
        }
        com.google.gson.JsonArray saved = new com.google.gson.JsonArray();
        for (com.google.gson.JsonElement uri : params.getAsJsonArray("uris")) {
            model.buffer(uri.getAsString()).ifPresent(buffer -> {
                try {
                    java.nio.file.Files.writeString(java.nio.file.Path.of(java.net.URI.create(uri.getAsString())),
                            buffer.text());
                    saved.add(uri.getAsString());
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        JsonObject answer = new JsonObject();
        answer.add("saved", saved);
        return CompletableFuture.completedFuture(answer);
    }

    @Override
    public CompletableFuture<ShowDocumentResult> showDocument(ShowDocumentParams params) {
        documentsShown.add(params);
        return CompletableFuture.completedFuture(new ShowDocumentResult(true));
    }

    @Override
    public CompletableFuture<Void> registerCapability(RegistrationParams params) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> createProgress(WorkDoneProgressCreateParams params) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void notifyProgress(ProgressParams params) {
        progress.add(params);
    }

    @Override
    public void showMessage(MessageParams message) {
        shown.add(message);
    }

    @Override
    public void logMessage(MessageParams message) {}

    @Override
    public void telemetryEvent(Object object) {}

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {
        this.diagnostics.put(diagnostics.getUri(), List.copyOf(diagnostics.getDiagnostics()));
    }

    /** The diagnostics the server last published for each document. */
    final java.util.Map<String, List<org.eclipse.lsp4j.Diagnostic>> diagnostics =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** Waits (bounded) for a shown message that matches; fails naming every message shown. */
    MessageParams awaitShown(Predicate<String> matches) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            for (MessageParams message : shown) {
                if (matches.test(message.getMessage())) {
                    return message;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no such message shown; shown: " + shown.stream().map(MessageParams::getMessage)
                .toList());
    }

    /** Waits (bounded) for an {@code agentls/event} that matches; fails naming every event received. */
    JsonObject awaitEvent(Predicate<JsonObject> matches) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            for (JsonObject event : events) {
                if (matches.test(event)) {
                    return event;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no such event; received: " + events);
    }

    void close() {
        later.shutdownNow();
    }
}
