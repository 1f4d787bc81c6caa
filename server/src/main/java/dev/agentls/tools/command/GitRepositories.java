package dev.agentls.tools.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which repository a git command would use. Git looks upwards from its folder for a {@code .git}, but takes a folder
 * that holds {@code HEAD}, {@code objects/} and {@code refs/} for a repository of its own, and that one's
 * {@code config} can name programs to run ({@code core.fsmonitor}). The file tools may write such a folder anywhere
 * in the workspace, so a read-only git command asks when the repository it would find is not a {@code .git}.
 */
final class GitRepositories {

    private final Inspection inspection;

    GitRepositories(Inspection inspection) {
        this.inspection = inspection;
    }

    /** Asks when, from any folder the line may be in (or its {@code -C} folders), git would find a bare folder. */
    void checkDiscovered(List<Word> changedTo) {
        List<Path> starts = new ArrayList<>();
        for (Path folder : inspection.folders()) {
            if (changedTo.isEmpty()) {
                starts.add(folder);
            }
            for (Word directory : changedTo) {
                Optional<String> text = inspection.text(directory);
                if (text.isEmpty()) {
                    inspection.approve("`git -C` names a folder that comes from an expansion");
                    return;
                }
                starts.add(folder.resolve(text.get()).normalize());
            }
        }
        for (Path start : starts) {
            found(start).ifPresent(bare -> inspection.approve("git would use the repository in " + bare
                    + ", a folder that is not a `.git` (one the agent could have written, with its own config)"));
        }
    }

    /** The first folder from {@code start} upwards, inside the workspace, that git would take for a bare repository. */
    private Optional<Path> found(Path start) {
        for (Path at = start; at != null && inspection.insideWorkspace(at); at = at.getParent()) {
            if (Files.exists(at.resolve(".git"))) {
                return Optional.empty();
            }
            if (Files.isRegularFile(at.resolve("HEAD")) && Files.isDirectory(at.resolve("objects"))
                    && Files.isDirectory(at.resolve("refs"))) {
                return Optional.of(at);
            }
        }
        return Optional.empty();
    }
}
