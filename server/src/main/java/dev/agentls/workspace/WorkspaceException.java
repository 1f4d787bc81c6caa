package dev.agentls.workspace;

/**
 * A typed refusal from the workspace. Its message is written for the model and the user: it names the path and the
 * fact that stopped the operation, so the caller can pass it on as it is. Nothing was touched when one is thrown.
 */
public abstract sealed class WorkspaceException extends RuntimeException
        permits PathRefusedException, FileRefusedException, QueryRefusedException, CheckpointRefusedException {

    protected WorkspaceException(String message) {
        super(message);
    }

    protected WorkspaceException(String message, Throwable cause) {
        super(message, cause);
    }
}
