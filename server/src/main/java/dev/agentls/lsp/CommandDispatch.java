package dev.agentls.lsp;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.DidChangeWorkspaceFoldersParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.WorkspaceFoldersChangeEvent;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * {@code workspace/executeCommand}: finds the command's handler in the session's table and hands it the arguments.
 * An unknown id, arguments that are not one object, or a call before {@code initialize} are JSON-RPC errors. Also
 * follows the editor's workspace folders as they are added and removed.
 */
final class CommandDispatch implements WorkspaceService {

    /** The live session: null before {@code initialize} and after {@code shutdown}. */
    private final Supplier<Session> session;
    private final ServerLog log;
    private final Consumer<DidChangeConfigurationParams> configurationChanged;

    CommandDispatch(Supplier<Session> session, ServerLog log) {
        this(session, log, params -> { });
    }

    /** @param configurationChanged takes {@code workspace/didChangeConfiguration} (the settings' sync) */
    CommandDispatch(Supplier<Session> session, ServerLog log,
                    Consumer<DidChangeConfigurationParams> configurationChanged) {
        this.session = session;
        this.log = log;
        this.configurationChanged = configurationChanged;
    }

    @Override
    public CompletableFuture<Object> executeCommand(ExecuteCommandParams params) {
        Session current = session.get();
        if (current == null) {
            return CommandFailure.failed(CommandFailure.notInitialized());
        }
        String id = params.getCommand();
        if (id == null) {
            return CommandFailure.failed(CommandFailure.invalidParams(
                    "workspace/executeCommand needs 'command', a string; this server offers " + current.commands().ids()));
        }
        CommandHandler handler = current.commands().find(id).orElse(null);
        if (handler == null) {
            return CommandFailure.failed(CommandFailure.invalidParams(
                    "unknown command '" + Echo.bounded(id) + "'; this server offers " + current.commands().ids()));
        }
        try {
            return handler.execute(CommandArguments.of(id, params.getArguments()));
        } catch (ResponseErrorException e) {
            return CommandFailure.failed(e);
        }
    }

    /** Folders added or removed in the editor: paths are confined to the new set from the next request on. */
    @Override
    public void didChangeWorkspaceFolders(DidChangeWorkspaceFoldersParams params) {
        Session current = session.get();
        if (current == null) {
            return;
        }
        WorkspaceFoldersChangeEvent event = params.getEvent();
        current.roots().change(paths(event.getAdded()), paths(event.getRemoved()));
        current.index().onRootsChanged();
        log.info("workspace folders are now "
                + current.roots().roots().stream().map(root -> root.given().toString()).toList());
    }

    private static List<Path> paths(List<WorkspaceFolder> folders) {
        return folders == null ? List.of() : folders.stream().map(f -> Path.of(URI.create(f.getUri()))).toList();
    }

    @Override
    public void didChangeConfiguration(DidChangeConfigurationParams params) {
        configurationChanged.accept(params);
    }

    /** Keeps the warm file index current; snapshots read disk fresh, so only the index needs telling. */
    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        Session current = session.get();
        if (current == null || params.getChanges() == null) {
            return;
        }
        List<Path> created = new ArrayList<>();
        List<Path> changed = new ArrayList<>();
        List<Path> deleted = new ArrayList<>();
        for (FileEvent event : params.getChanges()) {
            Path path;
            try {
                path = Path.of(URI.create(event.getUri()));
            } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
                log.info("ignoring a file event for " + Echo.bounded(event.getUri()) + ": not a file URI");
                continue;
            }
            switch (event.getType()) {
                case Created -> created.add(path);
                case Deleted -> deleted.add(path);
                default -> changed.add(path);
            }
        }
        current.index().onFilesChanged(created, changed, deleted);
    }
}
