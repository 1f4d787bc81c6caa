package dev.agentls.outline;

import dev.agentls.workspace.DirectoryLister;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoot;
import dev.agentls.workspace.WorkspaceRoots;

/**
 * The workspace's files as a first request shows them before any map is read: each root's tree, folders first then
 * files by name, ignored and secret entries left out, bounded in depth and entries (breadth-first, so the top levels
 * show even in a large workspace). Read fresh from disk at each call, which is a few hundred stats at most.
 */
public final class WorkspaceFileList {

    /** Entries per root: enough for a small project whole, and the top of a large one (about 2k tokens). */
    public static final int DEFAULT_ENTRIES = 200;
    private static final int DEPTH = 8;

    private final WorkspaceRoots roots;
    private final DirectoryLister lister;
    private final int maxEntries;

    public WorkspaceFileList(WorkspaceRoots roots, PathPolicy policy, int maxEntries) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("the file list needs at least one entry, not " + maxEntries);
        }
        this.roots = roots;
        this.lister = new DirectoryLister(policy);
        this.maxEntries = maxEntries;
    }

    /** The list as a prompt section, or empty when no root can be listed. */
    public String render() {
        StringBuilder text = new StringBuilder();
        for (WorkspaceRoot root : roots.roots()) {
            DirectoryLister.Listing listing;
            try {
                listing = lister.list(roots.resolve(root.real().toString()), DEPTH, maxEntries);
            } catch (WorkspaceException e) {
                continue;
            }
            text.append(roots.roots().size() == 1 ? "" : "\n" + root.name() + "/");
            for (DirectoryLister.Entry entry : listing.entries()) {
                text.append('\n').append("  ".repeat(entry.depth() - 1)).append(entry.name());
                if (entry.kind() == DirectoryLister.Kind.DIRECTORY) {
                    text.append('/');
                    if (entry.depth() >= DEPTH && entry.children() > 0) {
                        text.append(" (").append(entry.children()).append(entry.children() == 1 ? " entry)"
                                : " entries)");
                    }
                }
            }
            if (listing.truncated() > 0) {
                text.append("\n(").append(listing.truncated()).append(" more entries not shown; list_dir and"
                        + " file_search show them)");
            }
        }
        return text.isEmpty() ? "" : "# Workspace files" + text;
    }
}
