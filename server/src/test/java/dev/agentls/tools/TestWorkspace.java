package dev.agentls.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** Temp copies of the folders under {@code test-workspaces/}, so tests never touch the originals. */
public final class TestWorkspace {

    private TestWorkspace() {}

    public static Path source(String name) {
        String repo = System.getProperty("agentls.repoRoot", "..");
        return Path.of(repo).resolve("test-workspaces").resolve(name).toAbsolutePath().normalize();
    }

    /** Copies {@code test-workspaces/name} into {@code parent} and returns the copy's real path. */
    public static Path copy(String name, Path parent) {
        Path from = source(name);
        Path to = parent.resolve(name);
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
            return to.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
