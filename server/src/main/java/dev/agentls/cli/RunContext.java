package dev.agentls.cli;

import dev.agentls.config.ConfigHome;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What a run's options are read against besides its arguments: the folder it was started in, the environment (the
 * {@code AGENTLS_*} variables), and the user's configuration folder, if settings are to be read from there. Tests
 * give their own; {@link #ofProcess()} is the real one.
 */
record RunContext(Path cwd, Map<String, String> environment, Optional<Path> userConfig) {

    RunContext {
        cwd = cwd.toAbsolutePath().normalize();
        environment = Map.copyOf(environment);
    }

    /** The process's folder, environment and {@code $XDG_CONFIG_HOME/agentls}. */
    static RunContext ofProcess() {
        Map<String, String> env = System.getenv();
        return new RunContext(Path.of(""), env, Optional.of(ConfigHome.directory(env)));
    }

    /** The process's folder only: no environment, no user settings (what a test gets unless it asks for more). */
    static RunContext isolated() {
        return new RunContext(Path.of(""), Map.of(), Optional.empty());
    }
}
