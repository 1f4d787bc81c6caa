package dev.agentls.workspace;

import java.nio.file.Path;
import java.util.Objects;

/**
 * One workspace folder. {@code given} is the folder as the editor named it (it may go through a symbolic link);
 * {@code real} is where it really is, which every resolved path is confined to. {@code name} is the folder's name,
 * used as a prefix in multi-root workspaces ({@code "api/src/App.java"}).
 */
public record WorkspaceRoot(Path given, Path real, String name) {
    public WorkspaceRoot {
        Objects.requireNonNull(given, "given");
        Objects.requireNonNull(real, "real");
        Objects.requireNonNull(name, "name");
    }
}
