package dev.agentls.lsp;

import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;

/**
 * The error answer for a handler that threw or failed, in place of LSP4J's default, which sends "Internal error."
 * with the Java stack trace in {@code error.data}. A {@link CommandFailure} keeps its code and message; anything else
 * is InternalError naming the exception in one line, and the stack trace goes to stderr only.
 */
final class InternalErrors implements Function<Throwable, ResponseError> {

    private final ServerLog log;

    InternalErrors(ServerLog log) {
        this.log = log;
    }

    @Override
    public ResponseError apply(Throwable thrown) {
        Throwable cause = unwrap(thrown);
        if (cause instanceof ResponseErrorException failure) {
            ResponseError error = failure.getResponseError();
            return new ResponseError(error.getCode(), error.getMessage(), error.getData() instanceof Throwable
                    ? null : error.getData());
        }
        log.failure("a request failed unexpectedly", cause);
        String detail = cause.getMessage() == null ? "" : ": " + Echo.bounded(cause.getMessage());
        return new ResponseError(ResponseErrorCode.InternalError, "internal error in AgentLS ("
                + cause.getClass().getSimpleName() + detail + "); the server's stderr has the details", null);
    }

    private static Throwable unwrap(Throwable thrown) {
        Throwable cause = thrown;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException
                || cause instanceof InvocationTargetException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
