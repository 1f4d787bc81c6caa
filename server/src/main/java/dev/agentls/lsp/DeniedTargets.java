package dev.agentls.lsp;

import dev.agentls.edit.FileEditBlocks;
import dev.agentls.edit.ParseOutcome;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The deny list for the no-model edit commands, checked as the agent's tools check it and before anything is read:
 * planning reads the file and its answer (which stage matched, the closest lines and their similarity) would tell
 * what a secret holds. A denied target is refused by its name alone, whether it exists or not, so the refusal says
 * nothing about its content (except for {@code .npmrc}, which is denied only when it holds a token, as for the tools).
 * Targets that cannot be resolved are left to the planner, which refuses them with its own facts.
 */
final class DeniedTargets {

    private final WorkspaceRoots roots;
    private final PathPolicy policy;
    private final SearchReplaceParser parser = new SearchReplaceParser();

    DeniedTargets(WorkspaceRoots roots, PathPolicy policy) {
        this.roots = roots;
        this.policy = policy;
    }

    /** Why the edit of {@code target} cannot be made, or empty. */
    Optional<String> refusal(String command, String target) {
        return refusal(command, List.of(target));
    }

    /**
     * Why a SEARCH/REPLACE answer cannot be applied: the files its {@code <file-edit>} wrappers name and, for bare
     * blocks, {@code defaultTarget}. A malformed answer is left to the planner, which says what is wrong with it.
     */
    Optional<String> refusalOfAnswer(String command, String answer, String defaultTarget) {
        if (!(parser.parse(answer) instanceof ParseOutcome.Parsed parsed)) {
            return refusal(command, List.of(defaultTarget));
        }
        List<String> targets = new ArrayList<>();
        for (FileEditBlocks edit : parsed.files()) {
            targets.add(edit.filePath().orElse(defaultTarget));
        }
        return refusal(command, targets);
    }

    private Optional<String> refusal(String command, List<String> targets) {
        for (String target : targets) {
            ResolvedPath path;
            try {
                path = roots.resolve(target);
            } catch (WorkspaceException e) {
                continue;
            }
            Optional<String> why = policy.isDenied(path);
            if (why.isPresent()) {
                return Optional.of(command + ": " + why.get() + "; nothing was read or changed");
            }
        }
        return Optional.empty();
    }
}
