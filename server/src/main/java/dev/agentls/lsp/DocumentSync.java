package dev.agentls.lsp;

import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * Full text sync into the session's document store, so open buffers win over disk. Documents outside the workspace
 * are not tracked (nothing may edit them); a change that is not a whole-text change is refused loudly, since we
 * advertise full sync and a partial change would leave a wrong buffer behind.
 */
final class DocumentSync implements TextDocumentService {

    private final Supplier<Session> session;
    private final ServerLog log;

    DocumentSync(Supplier<Session> session, ServerLog log) {
        this.session = session;
        this.log = log;
    }

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        withPath(uri, (current, path) -> {
            current.documents().didOpen(path.absolute(), params.getTextDocument().getVersion(),
                    params.getTextDocument().getText());
            current.openDocuments().opened(path.absolute(), uri);
            current.marks().update(uri, params.getTextDocument().getText());
            current.review().update(uri, params.getTextDocument().getText());
        });
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        List<TextDocumentContentChangeEvent> changes = params.getContentChanges();
        if (changes.isEmpty()) {
            return;
        }
        TextDocumentContentChangeEvent last = changes.get(changes.size() - 1);
        if (last.getRange() != null) {
            log.error("ignored an incremental change to " + Echo.bounded(uri) + ": this server asked for full text sync");
            return;
        }
        withPath(uri, (current, path) -> {
            current.documents().didChange(path.absolute(), params.getTextDocument().getVersion(), last.getText());
            current.marks().update(uri, last.getText());
            current.review().update(uri, last.getText());
        });
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        withPath(params.getTextDocument().getUri(), (current, path) -> {
            current.documents().didClose(path.absolute());
            current.openDocuments().closed(path.absolute());
            current.marks().closed(params.getTextDocument().getUri());
            current.review().closed(params.getTextDocument().getUri());
        });
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        // The buffer already holds what was saved; disk is read fresh when the buffer closes.
    }

    /** The session's code actions on the range (instruction lines, waiting runs); none before initialize. */
    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        Session current = session.get();
        if (current == null || params == null || params.getTextDocument() == null
                || params.getTextDocument().getUri() == null || params.getRange() == null
                || params.getRange().getStart() == null || params.getRange().getEnd() == null) {
            return CompletableFuture.completedFuture(List.of());
        }
        return CompletableFuture.completedFuture(current.codeActions().on(params));
    }

    /** The editor's other servers' diagnostics of one file ({@code agentls/diagnostics}). */
    void editorDiagnostics(com.google.gson.JsonObject params) {
        DiagnosticsReports.Read read = DiagnosticsReports.read(params);
        if (read.problem().isPresent()) {
            log.warn(read.problem().get());
            return;
        }
        withPath(read.uri(), (current, path) -> current.editorDiagnostics().report(path.absolute(), read.items()));
    }

    private interface DocumentAction {
        void run(Session session, ResolvedPath path);
    }

    private void withPath(String uri, DocumentAction action) {
        Session current = session.get();
        if (current == null) {
            log.warn("ignored a document event for " + Echo.bounded(uri) + " before initialize");
            return;
        }
        resolve(current, uri).ifPresent(path -> action.run(current, path));
    }

    private Optional<ResolvedPath> resolve(Session current, String uri) {
        try {
            return Optional.of(current.roots().resolve(uri));
        } catch (WorkspaceException e) {
            log.info("not tracking " + Echo.bounded(uri) + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
