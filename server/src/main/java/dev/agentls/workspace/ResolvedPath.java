package dev.agentls.workspace;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A path confined to the workspace. {@code absolute} is the real location (symbolic links resolved, or, for a file
 * that does not exist yet, its nearest existing ancestor resolved plus the rest); {@code relative} is relative to
 * {@code root} with {@code /} separators, empty for the root itself; {@code display} is what to show the model:
 * the relative path, prefixed with the root's name when the workspace has several roots.
 */
public record ResolvedPath(Path absolute, WorkspaceRoot root, String relative, String display) {
    public ResolvedPath {
        Objects.requireNonNull(absolute, "absolute");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(relative, "relative");
        Objects.requireNonNull(display, "display");
    }
}
