package dev.agentls.outline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Temp copies of the repository's {@code test-workspaces/} for the outline tests. */
final class TestWorkspaces {

    private TestWorkspaces() {}

    static Path copy(String name, Path to) throws IOException {
        String configured = System.getProperty("agentls.repoRoot");
        Path from = (configured == null ? Path.of("..") : Path.of(configured)).toAbsolutePath().normalize()
                .resolve("test-workspaces").resolve(name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
        return to;
    }
}
