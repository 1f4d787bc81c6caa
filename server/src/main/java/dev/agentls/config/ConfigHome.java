package dev.agentls.config;

import java.nio.file.Path;
import java.util.Map;

/**
 * The user's agentls configuration folder, per the XDG base directory spec: {@code $XDG_CONFIG_HOME/agentls} when
 * that variable holds an absolute path (the spec says to ignore a relative one), else {@code $HOME/.config/agentls};
 * Java's {@code user.home} only when {@code HOME} is unset (it is read from the password database, not the shell).
 */
public final class ConfigHome {

    private ConfigHome() {}

    public static Path directory(Map<String, String> environment) {
        String xdg = environment.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg).resolve("agentls");
        }
        String home = environment.get("HOME");
        Path base = home != null && !home.isEmpty() ? Path.of(home) : Path.of(System.getProperty("user.home"));
        return base.resolve(".config").resolve("agentls");
    }
}
