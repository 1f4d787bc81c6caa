package dev.agentls.lsp;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidChangeWatchedFilesRegistrationOptions;
import org.eclipse.lsp4j.ExecuteCommandOptions;
import org.eclipse.lsp4j.FileSystemWatcher;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Registration;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.WorkspaceFoldersOptions;
import org.eclipse.lsp4j.WorkspaceServerCapabilities;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * The lifecycle of one connection: {@code initialize} builds the {@link Session} for the editor's workspace folders
 * and advertises full text sync and the session's commands; {@code shutdown} and {@code exit} end it. Document
 * events and commands go to the session; before {@code initialize} they are refused or ignored.
 */
final class AgentLanguageServer implements LanguageServer, LanguageClientAware, AgentLsServerExtensions {

    private final SessionFactory sessions;
    private final ServerLog log;
    private final CompletableFuture<Integer> exitStatus = new CompletableFuture<>();
    private final DocumentSync documentSync;
    private final CommandDispatch commandDispatch;
    private final SessionSettings settings;
    private final ConfigurationSync configuration;
    private volatile LanguageClient client;
    private volatile Session session;
    private volatile ClientCapabilities capabilities;
    private volatile boolean shutdownRequested;

    AgentLanguageServer(SessionFactory sessions, ServerLog log) {
        this(sessions, log, CommandLineSettings.none());
    }

    AgentLanguageServer(SessionFactory sessions, ServerLog log, CommandLineSettings commandLine) {
        this.sessions = sessions;
        this.log = log;
        this.settings = new SessionSettings(commandLine);
        this.configuration = new ConfigurationSync(settings, log);
        this.documentSync = new DocumentSync(() -> session, log);
        this.commandDispatch = new CommandDispatch(() -> shutdownRequested ? null : session, log,
                configuration::didChangeConfiguration);
    }

    @Override
    public void connect(LanguageClient client) {
        this.client = client;
        log.connect(client);
    }

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        List<Path> roots = roots(params);
        SetUpDeclarations.Declared byTheSetUp = SetUpDeclarations.apply(params.getCapabilities() == null
                ? new ClientCapabilities() : params.getCapabilities(), params.getInitializationOptions());
        ClientCapabilities declared = byTheSetUp.capabilities();
        byTheSetUp.warning().ifPresent(log::warn);
        capabilities = declared;
        configuration.initialize(client, params);
        Session opened = sessions.open(roots, client, declared, settings);
        session = opened;
        log.info("initialized with workspace folders " + Echo.bounded(roots.toString()));
        ServerCapabilities capabilities = new ServerCapabilities();
        capabilities.setTextDocumentSync(TextDocumentSyncKind.Full);
        capabilities.setCodeActionProvider(true);
        capabilities.setExecuteCommandProvider(new ExecuteCommandOptions(opened.commands().ids()));
        WorkspaceFoldersOptions folders = new WorkspaceFoldersOptions();
        folders.setSupported(true);
        folders.setChangeNotifications(true);
        capabilities.setWorkspace(new WorkspaceServerCapabilities(folders));
        return CompletableFuture.completedFuture(
                new InitializeResult(capabilities, new ServerInfo("agentls", InitializeAnswer.serverVersion())));
    }

    /**
     * Takes an initialize the {@link InitializeFront} already answered (with {@code advertised} commands): the
     * session is opened as {@link #initialize} opens it, and its own answer is dropped. A session whose commands
     * differ from what was advertised, or that fails to open, is an error in the log: the answer cannot be taken back.
     */
    void initializeAnswered(InitializeParams params, List<String> advertised) {
        try {
            List<String> commands = initialize(params).join().getCapabilities().getExecuteCommandProvider()
                    .getCommands();
            if (!commands.equals(advertised)) {
                log.error("initialize was answered with the commands " + advertised + " but the session offers "
                        + commands);
            }
        } catch (RuntimeException e) {
            log.failure("opening the session after the initialize answer failed", e);
        }
    }

    /**
     * Asks the editor to report file changes ({@code workspace/didChangeWatchedFiles}) when it can register watchers
     * dynamically; the index falls back to a cheap rescan when it cannot. The answer is not awaited.
     */
    @Override
    public void initialized(InitializedParams params) {
        configuration.initialized();
        LanguageClient current = client;
        if (current == null || !canWatchFiles(capabilities)) {
            return;
        }
        DidChangeWatchedFilesRegistrationOptions options = new DidChangeWatchedFilesRegistrationOptions(
                List.of(new FileSystemWatcher(Either.forLeft("**/*"))));
        Registration registration = new Registration(WATCHER_ID, "workspace/didChangeWatchedFiles", options);
        current.registerCapability(new RegistrationParams(List.of(registration))).whenComplete((ok, error) -> {
            if (error != null) {
                log.info("the editor did not register the file watcher: " + error.getMessage());
            }
        });
    }

    static final String WATCHER_ID = "agentls-file-watcher";

    private static boolean canWatchFiles(ClientCapabilities capabilities) {
        return capabilities != null && capabilities.getWorkspace() != null
                && capabilities.getWorkspace().getDidChangeWatchedFiles() != null
                && Boolean.TRUE.equals(capabilities.getWorkspace().getDidChangeWatchedFiles().getDynamicRegistration());
    }

    @Override
    public void editorDiagnostics(com.google.gson.JsonObject params) {
        documentSync.editorDiagnostics(params);
    }

    /** Where the connection is: the {@link MessageGate} admits requests by it. */
    Lifecycle lifecycle() {
        if (session == null) {
            return Lifecycle.AWAITING_INITIALIZE;
        }
        return shutdownRequested ? Lifecycle.SHUT_DOWN : Lifecycle.RUNNING;
    }

    /** Ends the session; before {@code initialize} it is refused and changes nothing, so a later start works. */
    @Override
    public CompletableFuture<Object> shutdown() {
        if (session == null) {
            return CommandFailure.failed(CommandFailure.notInitialized());
        }
        shutdownRequested = true;
        try {
            // The session's MCP servers stop with it, not only when the process ends.
            session.close();
        } catch (RuntimeException e) {
            log.warn("ending the session: " + Echo.bounded(String.valueOf(e.getMessage())));
        }
        return CompletableFuture.completedFuture(null);
    }

    /** LSP: exit status 0 after a shutdown request, 1 without one. */
    @Override
    public void exit() {
        exitStatus.complete(shutdownRequested ? 0 : 1);
    }

    /** The settings in force for this connection, which a run reads when it starts. */
    SessionSettings settings() {
        return settings;
    }

    /** The session built by {@code initialize}; null before it. */
    Session session() {
        return session;
    }

    /** Completes with the process exit status when the client sends {@code exit}. */
    CompletableFuture<Integer> exitStatus() {
        return exitStatus;
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return documentSync;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return commandDispatch;
    }

    /**
     * The workspace folders, else the rootUri, else the (deprecated) rootPath; possibly none. A folder that is not a
     * file URI is InvalidParams naming it, and nothing is started.
     */
    @SuppressWarnings("deprecation")
    static List<Path> roots(InitializeParams params) {
        List<Path> roots = new ArrayList<>();
        List<WorkspaceFolder> folders = params.getWorkspaceFolders();
        if (folders != null && !folders.isEmpty()) {
            for (WorkspaceFolder folder : folders) {
                roots.add(fileUri("a workspace folder", folder == null ? null : folder.getUri()));
            }
        } else if (params.getRootUri() != null) {
            roots.add(fileUri("rootUri", params.getRootUri()));
        } else if (params.getRootPath() != null) {
            try {
                roots.add(Path.of(params.getRootPath()));
            } catch (java.nio.file.InvalidPathException e) {
                throw CommandFailure.invalidParams("initialize: rootPath '" + Echo.bounded(params.getRootPath())
                        + "' is not a path: " + Echo.bounded(e.getReason()));
            }
        }
        return roots;
    }

    private static Path fileUri(String what, String uri) {
        try {
            return Path.of(URI.create(uri));
        } catch (IllegalArgumentException | NullPointerException | java.nio.file.FileSystemNotFoundException e) {
            throw CommandFailure.invalidParams("initialize: " + what + " '" + Echo.bounded(uri)
                    + "' is not a file URI (file:///...)");
        }
    }
}
