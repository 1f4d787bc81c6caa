package dev.agentls.tools;

/**
 * What a tool does, in the few words whoever shows or watches a call needs: whether it reads, changes, deletes,
 * searches, runs a command or only acts on the run (plans, steps, the end). A tool says nothing: {@link #OTHER}.
 */
public enum ToolKind {
    READ,
    EDIT,
    DELETE,
    SEARCH,
    RUN,
    THINK,
    OTHER
}
