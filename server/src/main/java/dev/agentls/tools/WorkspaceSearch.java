package dev.agentls.tools;

import dev.agentls.workspace.DirectoryLister;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.FileSearch;
import dev.agentls.workspace.GrepSearch;
import java.util.concurrent.Executor;

/**
 * The workspace's search services as the search tools use them: the warm index (awaited before a query), regex and
 * file-name search over it, folder listing, and the executor their blocking work runs on, so a tool never searches
 * on a protocol thread.
 */
public record WorkspaceSearch(FileIndex index, GrepSearch grep, FileSearch fileSearch, DirectoryLister lister,
                              Executor executor) {}
