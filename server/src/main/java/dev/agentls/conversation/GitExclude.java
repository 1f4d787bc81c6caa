package dev.agentls.conversation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Adds {@code .agentls/} to the repository's {@code .git/info/exclude}, so the agent's own files never show as
 * changes, without touching the project's {@code .gitignore}. A {@code .git} file (a worktree or submodule) is
 * followed to its git directory, and a worktree's to the shared one, where git reads {@code info/exclude}. A root that
 * is not a repository is left alone.
 */
final class GitExclude {

    static final String LINE = ".agentls/";

    private GitExclude() {
    }

    /** Ensures the line is there; returns the exclude file written or already holding it, empty outside git. */
    static Optional<Path> ensure(Path root) throws IOException {
        Optional<Path> gitDir = gitDir(root);
        if (gitDir.isEmpty()) {
            return Optional.empty();
        }
        Path exclude = gitDir.get().resolve("info").resolve("exclude");
        String text = Files.isRegularFile(exclude) ? Files.readString(exclude, StandardCharsets.UTF_8) : "";
        for (String line : text.split("\\R")) {
            String entry = line.strip();
            if (entry.equals(LINE) || entry.equals(".agentls") || entry.equals("/.agentls/")
                    || entry.equals("/.agentls")) {
                return Optional.of(exclude);
            }
        }
        Files.createDirectories(exclude.getParent());
        String add = (text.isEmpty() || text.endsWith("\n") ? "" : "\n")
                + "# AgentLS keeps conversations and checkpoints here\n" + LINE + "\n";
        Files.writeString(exclude, add, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return Optional.of(exclude);
    }

    private static Optional<Path> gitDir(Path root) throws IOException {
        Path dotGit = root.resolve(".git");
        if (Files.isDirectory(dotGit)) {
            return Optional.of(dotGit);
        }
        if (!Files.isRegularFile(dotGit)) {
            return Optional.empty();
        }
        String first = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
        if (!first.startsWith("gitdir:")) {
            return Optional.empty();
        }
        Path dir = root.resolve(first.substring("gitdir:".length()).strip()).normalize();
        Path common = dir.resolve("commondir");
        if (Files.isRegularFile(common)) {
            dir = dir.resolve(Files.readString(common, StandardCharsets.UTF_8).strip()).normalize();
        }
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }
}
