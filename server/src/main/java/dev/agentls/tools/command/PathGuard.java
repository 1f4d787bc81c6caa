package dev.agentls.tools.command;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the command checker asks about a path a command would touch: is it inside the workspace (symbolic links
 * followed), and is it on the deny list. Implemented over the workspace's roots and ignore rules by the wiring.
 */
public interface PathGuard {

    /** True when the absolute, normalised {@code path} lies inside one of the workspace folders. */
    boolean insideWorkspace(Path path);

    /** Why {@code path} is denied, as a whole sentence naming it, or empty when tools may touch it. */
    Optional<String> denied(Path path);
}
