package dev.agentls.host;

import java.util.Arrays;
import java.util.Optional;

/** How far an approval reaches: this one call, the rest of the run, or always (the workspace's list). */
public enum ApprovalScope {
    ONCE("once"), RUN("run"), ALWAYS("always");

    private final String id;

    ApprovalScope(String id) {
        this.id = id;
    }

    /** The scope's name as a front door's user types it ({@code agentls.approve}'s {@code scope}). */
    public String id() {
        return id;
    }

    /** The scope named {@code id}, or empty when no scope has that name. */
    public static Optional<ApprovalScope> of(String id) {
        return Arrays.stream(values()).filter(scope -> scope.id.equals(id)).findFirst();
    }
}
