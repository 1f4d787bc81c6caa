package dev.agentls.lsp;

import java.util.concurrent.CompletableFuture;

/**
 * One {@code workspace/executeCommand} command: guards its arguments, converts them to our types, delegates, and
 * converts the answer back. It runs on LSP4J's reader thread, so it must return its future at once and never wait
 * on the editor; failures complete the future with a {@link CommandFailure}. Its id is its key in
 * {@link StandardCommands}' table.
 */
@FunctionalInterface
interface CommandHandler {

    CompletableFuture<Object> execute(CommandArguments arguments);
}
