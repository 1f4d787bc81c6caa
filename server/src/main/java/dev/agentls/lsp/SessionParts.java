package dev.agentls.lsp;

import dev.agentls.session.Tools;
import dev.agentls.lsp.review.ReviewBook;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;

/** What commands are built from: the session's collaborators before its command table exists, its runs included. */
record SessionParts(WorkspaceRoots roots, DocumentStore documents, OpenDocuments openDocuments, LspHost host,
                    Tools tools, CheckpointStore checkpoints, PathPolicy policy, EditorRuns runs,
                    WaitingRuns waiting, InstructionDone done, ReviewBook review) {}
