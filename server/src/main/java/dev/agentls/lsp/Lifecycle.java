package dev.agentls.lsp;

/** Where a connection is in LSP's lifecycle; the {@link MessageGate} admits messages by it. */
enum Lifecycle {
    /** Before a successful {@code initialize}: requests get -32002, notifications other than {@code exit} drop. */
    AWAITING_INITIALIZE,
    /** Between {@code initialize} and {@code shutdown}. */
    RUNNING,
    /** After {@code shutdown}: requests get InvalidRequest, as LSP says; only {@code exit} is expected. */
    SHUT_DOWN
}
