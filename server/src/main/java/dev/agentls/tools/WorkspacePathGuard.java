package dev.agentls.tools;

import dev.agentls.tools.command.PathGuard;
import dev.agentls.workspace.PathRefusedException;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

/**
 * The command checker's view of the workspace: confinement exactly as every tool sees it ({@link WorkspaceRoots},
 * symbolic links included) and the workspace's deny list.
 */
public final class WorkspacePathGuard implements PathGuard {

    private final WorkspaceRoots roots;
    private final Function<Path, Optional<String>> denyList;

    /** @param denyList the reason a path is denied, or empty */
    public WorkspacePathGuard(WorkspaceRoots roots, Function<Path, Optional<String>> denyList) {
        this.roots = roots;
        this.denyList = denyList;
    }

    @Override
    public boolean insideWorkspace(Path path) {
        try {
            roots.resolve(path.toString());
            return true;
        } catch (PathRefusedException e) {
            return false;
        }
    }

    @Override
    public Optional<String> denied(Path path) {
        return denyList.apply(path);
    }
}
