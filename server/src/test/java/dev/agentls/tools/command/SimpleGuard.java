package dev.agentls.tools.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** A guard for checker tests: one root, symlinks followed, and the usual secrets denied by name. */
final class SimpleGuard implements PathGuard {

    private final Path root;

    SimpleGuard(Path root) {
        this.root = root;
    }

    @Override
    public boolean insideWorkspace(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            Path real = existing == null ? path : existing.toRealPath().resolve(existing.relativize(path));
            return real.normalize().startsWith(root);
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public Optional<String> denied(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        if (name.equals(".env") || name.startsWith(".env.")) {
            return Optional.of("environment file");
        }
        if (name.endsWith(".pem") || name.startsWith("id_rsa") || name.endsWith(".key")) {
            return Optional.of("private key");
        }
        return Optional.empty();
    }
}
