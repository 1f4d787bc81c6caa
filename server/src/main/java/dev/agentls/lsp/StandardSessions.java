package dev.agentls.lsp;

import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.services.LanguageClient;

/** The standard wiring of a session: the editor's folders, a document store, the editor host, the standard commands. */
final class StandardSessions implements SessionFactory {

    @Override
    public Session open(List<Path> roots, LanguageClient client, ClientCapabilities capabilities) {
        WorkspaceRoots workspaceRoots = new WorkspaceRoots(roots);
        DocumentStore documents = new DocumentStore();
        OpenDocuments openDocuments = new OpenDocuments();
        LspHost host = new LspHost(client, new WorkspaceEdits(documents, openDocuments), capabilities);
        SessionParts parts = new SessionParts(workspaceRoots, documents, openDocuments, host);
        return new Session(workspaceRoots, documents, openDocuments, host, StandardCommands.of(parts));
    }
}
