package dev.agentls.tools;

import dev.agentls.tools.command.PathGuard;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The command checker's view of the workspace: confinement exactly as every tool sees it ({@link WorkspaceRoots},
 * symbolic links included) and the workspace's deny list ({@link PathPolicy}).
 */
public final class WorkspacePathGuard implements PathGuard {

    private final WorkspaceRoots roots;
    private final PathPolicy policy;

    public WorkspacePathGuard(WorkspaceRoots roots, PathPolicy policy) {
        this.roots = roots;
        this.policy = policy;
    }

    @Override
    public boolean insideWorkspace(Path path) {
        return resolve(path).isPresent();
    }

    @Override
    public Optional<String> denied(Path path) {
        return resolve(path).flatMap(policy::isDenied);
    }

    private Optional<ResolvedPath> resolve(Path path) {
        try {
            return Optional.of(roots.resolve(path.toString()));
        } catch (WorkspaceException e) {
            return Optional.empty();
        }
    }
}
