package dev.agentls.lsp;

import dev.agentls.session.Tools;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.session.WorkspaceTools;
import dev.agentls.tools.command.CommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * A real AgentLS server and a {@link TestEditor} talking JSON-RPC over pipes, on a temp copy of a test workspace.
 * Every wait is a future with a generous timeout.
 */
final class LspFixture implements AutoCloseable {

    static final long TIMEOUT_SECONDS = 30;

    final Path root;
    final TestEditor editor = new TestEditor();
    final LanguageServer server;
    final LspServerLauncher.Connection connection;
    final ByteArrayOutputStream serverErr = new ByteArrayOutputStream();
    private final ExecutorService executor = Executors.newCachedThreadPool();
    /** Pools of what the fixture's server was given, shut down with it. */
    private final List<ExecutorService> owned = new ArrayList<>();
    private final WirePipe serverPipe = new WirePipe(1 << 16);
    private final OutputStream toServer = serverPipe.out();
    private final WirePipe clientPipe = new WirePipe(1 << 16);
    private final OutputStream toClient = clientPipe.out();
    /** Every byte the server wrote, checked on close: no text an editor shows may hold a '%' (issue 10 item 6). */
    private final WireFrames.Recording serverOut = new WireFrames.Recording(toClient);

    LspFixture(Path root) throws IOException {
        this(root, new StandardSessions());
    }

    /** A fixture whose server offers the agent's tools built by {@code tools}. */
    LspFixture(Path root, Tools.Factory tools) throws IOException {
        this(root, new StandardSessions(tools));
    }

    LspFixture(Path root, SessionFactory sessions) throws IOException {
        this.root = root;
        InputStream serverIn = serverPipe.in();
        InputStream clientIn = clientPipe.in();
        connection = new LspServerLauncher(new PrintStream(serverErr, true, StandardCharsets.UTF_8), sessions)
                .start(serverIn, serverOut, executor);
        Launcher<LanguageServer> client = new LSPLauncher.Builder<LanguageServer>()
                .setLocalService(editor)
                .setRemoteInterface(LanguageServer.class)
                .setInput(clientIn)
                .setOutput(toServer)
                .setExecutorService(executor)
                .create();
        client.startListening();
        server = client.getRemoteProxy();
        editor.connect(server);
    }

    /** A fixture on a fresh copy of {@code test-workspaces/<name>} under {@code temp}. */
    static LspFixture onCopyOf(String name, Path temp) throws IOException {
        return onCopyOf(name, temp, Tools.NONE);
    }

    static LspFixture onCopyOf(String name, Path temp, Tools.Factory tools) throws IOException {
        Path root = temp.resolve(name);
        copyTree(repoRoot().resolve("test-workspaces").resolve(name), root);
        return new LspFixture(root, tools);
    }

    /**
     * A fixture on a fresh copy of {@code test-workspaces/<name>} whose server has the agent's real tools,
     * {@code execute_command} running bash; its pools are shut down on close.
     */
    static LspFixture withAgentTools(String name, Path temp) throws IOException {
        ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
        ExecutorService readers = Executors.newCachedThreadPool();
        CommandRunner runner = new CommandRunner("bash", CommandRunner.Limits.defaults(), timers, readers);
        LspFixture fixture = onCopyOf(name, temp, new WorkspaceTools(runner, temp.resolve("home")));
        fixture.owned.add(timers);
        fixture.owned.add(readers);
        return fixture;
    }

    static Path repoRoot() {
        String configured = System.getProperty("agentls.repoRoot");
        return (configured == null ? Path.of("..") : Path.of(configured)).toAbsolutePath().normalize();
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }

    InitializeResult initialize() throws Exception {
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), root.getFileName().toString())));
        ClientCapabilities capabilities = new ClientCapabilities();
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setApplyEdit(true);
        capabilities.setWorkspace(workspace);
        WindowClientCapabilities window = new WindowClientCapabilities();
        window.setWorkDoneProgress(true);
        capabilities.setWindow(window);
        params.setCapabilities(capabilities);
        return initialize(params);
    }

    /** Initializes declaring exactly {@code workspace} as the client's workspace capabilities (null: none at all). */
    InitializeResult initialize(WorkspaceClientCapabilities workspace) throws Exception {
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), root.getFileName().toString())));
        ClientCapabilities capabilities = new ClientCapabilities();
        capabilities.setWorkspace(workspace);
        params.setCapabilities(capabilities);
        return initialize(params);
    }

    InitializeResult initialize(InitializeParams params) throws Exception {
        InitializeResult result = await(server.initialize(params));
        server.initialized(new org.eclipse.lsp4j.InitializedParams());
        return result;
    }

    String uri(String relative) {
        return root.resolve(relative).toUri().toString();
    }

    /** Opens the file in the editor with its disk text at {@code version}; returns the text. */
    String open(String relative, int version) throws IOException {
        String text = Files.readString(root.resolve(relative));
        editor.model.open(uri(relative), text, version);
        server.getTextDocumentService().didOpen(
                new DidOpenTextDocumentParams(new TextDocumentItem(uri(relative), "java", version, text)));
        return text;
    }

    /** The user typed: the editor's buffer is now {@code text} at {@code version}, and the server is told. */
    void type(String relative, String text, int version) {
        editor.model.open(uri(relative), text, version);
        didChange(relative, text, version);
    }

    /** Only the notification: the editor tells the server its buffer is {@code text} at {@code version}. */
    void didChange(String relative, String text, int version) {
        server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri(relative), version),
                List.of(new TextDocumentContentChangeEvent(text))));
    }

    CompletableFuture<Object> execute(String command, Object... arguments) {
        return server.getWorkspaceService().executeCommand(new ExecuteCommandParams(command, List.of(arguments)));
    }

    CompletableFuture<Object> applyEdits(String relative, String diff) {
        return execute(ApplyEditsCommand.ID, Map.of("uri", uri(relative), "diff", diff));
    }

    /**
     * Waits until the server has handled everything sent before: messages are read in order on one thread, so the
     * answer to a later request proves the earlier notifications were processed.
     */
    void sync() throws Exception {
        try {
            await(execute("agentls.noSuchCommand"));
        } catch (ExecutionException expected) {
            assertTrue(expected.getCause().getMessage().contains("unknown command"), expected.getCause().getMessage());
        }
    }

    /** A command's answer as a JSON tree (the client's gson hands untyped results over as maps). */
    static com.google.gson.JsonObject json(Object result) {
        return new com.google.gson.Gson().toJsonTree(result).getAsJsonObject();
    }

    static <T> T await(CompletableFuture<T> future) throws ExecutionException, InterruptedException, TimeoutException {
        return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        try {
            try {
                server.shutdown().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException refused) {
                // A test that never initialized, or already shut down: shutdown is refused, exit still ends it.
            }
            server.exit();
            connection.exit().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            org.junit.jupiter.api.Assertions.assertEquals(List.of(),
                    WireFrames.percentSigns(WireFrames.parseAll(serverOut.bytes())), "texts an editor shows held a '%'");
        } finally {
            toServer.close();
            toClient.close();
            executor.shutdownNow();
            owned.forEach(ExecutorService::shutdownNow);
        }
    }
}
