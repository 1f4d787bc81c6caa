package dev.agentls.outline;

import dev.agentls.workspace.IgnoreRules;
import dev.agentls.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Lists the files of a root the repo map reads: those with a grammar, not ignored (gitignore rules, {@code .git},
 * AgentLS's own {@code .agentls}), not larger than the parser's bound, reached without following symbolic links.
 */
final class SourceWalker {

    /** Folders never worth reading for a map, whatever the ignore files say. */
    static final Set<String> SKIPPED = Set.of(".git", ".agentls", "node_modules", ".hg", ".svn");

    private final long maxBytes;

    SourceWalker(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** The parsable files of {@code root}, as absolute paths in walk order. */
    List<Path> files(WorkspaceRoot root) throws IOException {
        Path base = root.real();
        IgnoreRules ignore = new IgnoreRules(base);
        List<Path> found = new ArrayList<>();
        Files.walkFileTree(base, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (dir.equals(base)) {
                    return FileVisitResult.CONTINUE;
                }
                String relative = relative(base, dir);
                return SKIPPED.contains(dir.getFileName().toString()) || ignore.isIgnoredInWalk(relative, true)
                        ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile() && attrs.size() <= maxBytes
                        && SymbolExtractor.parsable(file.getFileName().toString())
                        && !ignore.isIgnoredInWalk(relative(base, file), false)) {
                    found.add(file);
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) {
                return FileVisitResult.CONTINUE;
            }
        });
        return found;
    }

    static String relative(Path base, Path file) {
        return base.relativize(file).toString().replace('\\', '/');
    }
}
