package dev.agentls.workspace;

/** A checkpoint that does not exist (any more), or that cannot be recorded. */
public final class CheckpointRefusedException extends WorkspaceException {

    public CheckpointRefusedException(String message) {
        super(message);
    }
}
