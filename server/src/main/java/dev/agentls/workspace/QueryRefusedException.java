package dev.agentls.workspace;

/** A search query that cannot run: a bad regular expression (with its position) or a bad glob. */
public final class QueryRefusedException extends WorkspaceException {

    public QueryRefusedException(String message) {
        super(message);
    }
}
