package dev.agentls.lsp;

import dev.agentls.lsp.review.ReviewBook;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.WorkspaceRoots;

/**
 * The object graph of one initialized connection: its workspace, its buffers, its warm file index, its editor host and
 * its commands, and what it shows in the documents: the instruction lines, the hunks awaiting review, and their code
 * actions; and what the editor's other language servers report of the files.
 */
record Session(WorkspaceRoots roots, DocumentStore documents, OpenDocuments openDocuments, LspHost host,
        CommandTable commands, FileIndex index, InstructionMarks marks, SessionCodeActions codeActions,
        ReviewBook review, EditorDiagnostics editorDiagnostics, Runnable end) {

    /** Ends what the session keeps running past its requests (its MCP servers); called once, at shutdown. */
    void close() {
        end.run();
    }
}
