package dev.agentls.lsp;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * {@code workspace/executeCommand}: finds the command's handler in the session's table and hands it the arguments.
 * An unknown id, arguments that are not one object, or a call before {@code initialize} are JSON-RPC errors.
 */
final class CommandDispatch implements WorkspaceService {

    private final Supplier<Session> session;

    CommandDispatch(Supplier<Session> session) {
        this.session = session;
    }

    @Override
    public CompletableFuture<Object> executeCommand(ExecuteCommandParams params) {
        Session current = session.get();
        if (current == null) {
            return CommandFailure.failed(CommandFailure.notInitialized());
        }
        String id = params.getCommand();
        CommandHandler handler = current.commands().find(id).orElse(null);
        if (handler == null) {
            return CommandFailure.failed(CommandFailure.invalidParams(
                    "unknown command '" + id + "'; this server offers " + current.commands().ids()));
        }
        try {
            return handler.execute(CommandArguments.of(id, params.getArguments()));
        } catch (ResponseErrorException e) {
            return CommandFailure.failed(e);
        }
    }

    @Override
    public void didChangeConfiguration(DidChangeConfigurationParams params) {
        // Settings arrive with the config package's parser; nothing reads them yet.
    }

    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        // Disk state is read fresh on each snapshot, so there is no cache to invalidate.
    }
}
