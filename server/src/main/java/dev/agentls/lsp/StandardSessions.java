package dev.agentls.lsp;

import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.services.LanguageClient;

/** The standard wiring of a session: the editor's folders, a document store, the editor host, the standard commands. */
final class StandardSessions implements SessionFactory {

    /** Long enough for an editor that asks the user before applying; short enough that a dead editor is noticed. */
    static final Duration EDITOR_ANSWER_TIMEOUT = Duration.ofMinutes(2);

    private final Duration editorAnswerTimeout;
    private final SessionTools.Factory tools;

    StandardSessions() {
        this(EDITOR_ANSWER_TIMEOUT, SessionTools.NONE);
    }

    StandardSessions(Duration editorAnswerTimeout) {
        this(editorAnswerTimeout, SessionTools.NONE);
    }

    StandardSessions(SessionTools.Factory tools) {
        this(EDITOR_ANSWER_TIMEOUT, tools);
    }

    StandardSessions(Duration editorAnswerTimeout, SessionTools.Factory tools) {
        this.editorAnswerTimeout = editorAnswerTimeout;
        this.tools = tools;
    }

    @Override
    public Session open(List<Path> roots, LanguageClient client, ClientCapabilities capabilities) {
        WorkspaceRoots workspaceRoots = new WorkspaceRoots(roots);
        DocumentStore documents = new DocumentStore();
        OpenDocuments openDocuments = new OpenDocuments();
        LspHost host = new LspHost(client, new WorkspaceEdits(documents, openDocuments), capabilities,
                editorAnswerTimeout);
        SessionParts parts = new SessionParts(workspaceRoots, documents, openDocuments, host,
                tools.open(workspaceRoots, documents, host));
        return new Session(workspaceRoots, documents, openDocuments, host, StandardCommands.of(parts));
    }
}
