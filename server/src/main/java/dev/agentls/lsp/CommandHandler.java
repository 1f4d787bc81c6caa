package dev.agentls.lsp;

import java.util.concurrent.CompletableFuture;

/**
 * One {@code workspace/executeCommand} command: guards its arguments, converts them to our types, delegates, and
 * converts the answer back. It runs on LSP4J's reader thread, so it must return its future at once and never wait
 * on the editor; failures complete the future with a {@link CommandFailure}.
 */
interface CommandHandler {

    /** The command id the editor sends, e.g. {@code agentls.applyEdits}. */
    String id();

    CompletableFuture<Object> execute(CommandArguments arguments);
}
