package dev.agentls.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The workspace a run works on when none is named: the git repository holding the current folder (its top, where
 * {@code .git} is, a folder or a worktree's file), else the current folder itself.
 */
final class WorkspaceRoot {

    private WorkspaceRoot() {}

    static Path of(Path cwd) {
        Path start = cwd.toAbsolutePath().normalize();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return dir;
            }
        }
        return start;
    }
}
