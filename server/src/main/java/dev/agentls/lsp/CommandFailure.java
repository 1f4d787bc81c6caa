package dev.agentls.lsp;

import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * The JSON-RPC errors a command answers with. The message is what the user or the model reads, so it carries the
 * facts (which argument, which file, which block), never a stack trace.
 */
final class CommandFailure {

    private CommandFailure() {}

    /** The arguments are missing or ill-typed. */
    static ResponseErrorException invalidParams(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.InvalidParams, message, null));
    }

    /** The arguments were fine but the request cannot be done (edit refused, file refused, ...). */
    static ResponseErrorException requestFailed(String message) {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.RequestFailed, message, null));
    }

    static ResponseErrorException notInitialized() {
        return new ResponseErrorException(new ResponseError(ResponseErrorCode.ServerNotInitialized,
                "the server is not initialized (before 'initialize', or after 'shutdown')", null));
    }

    static <T> CompletableFuture<T> failed(ResponseErrorException failure) {
        return CompletableFuture.failedFuture(failure);
    }
}
