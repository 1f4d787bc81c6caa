package dev.agentls.lsp;

import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceRoots;

/** The object graph of one initialized connection: its workspace, its buffers, its editor host and its commands. */
record Session(WorkspaceRoots roots, DocumentStore documents, OpenDocuments openDocuments, LspHost host,
        CommandTable commands) {}
