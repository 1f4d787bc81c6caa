package dev.agentls.lsp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ConfigurationParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * An editor that only deals in settings, talking to a real server over pipes: it declares
 * {@code workspace.configuration} or not, answers {@code workspace/configuration} with whatever it holds now (as
 * JSON text, so its own Gson builds the value), and records every message it is shown.
 */
final class SettingsClient implements LanguageClient, AutoCloseable {

    final List<MessageParams> shown = new CopyOnWriteArrayList<>();
    final List<ConfigurationParams> configurationRequests = new CopyOnWriteArrayList<>();
    final List<String> keyVariablesNamed = new CopyOnWriteArrayList<>();
    final LanguageServer server;
    final LspServerLauncher.Connection connection;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final WirePipe serverPipe = new WirePipe(1 << 16);
    private final OutputStream toServer = serverPipe.out();
    private final WirePipe clientPipe = new WirePipe(1 << 16);
    private final OutputStream toClient = clientPipe.out();
    private volatile String configuration = "null";

    SettingsClient(java.util.Map<String, Object> flags) throws IOException {
        InputStream serverIn = serverPipe.in();
        InputStream clientIn = clientPipe.in();
        connection = new LspServerLauncher(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new StandardSessions(), new CommandLineSettings(flags, keyVariablesNamed::add))
                .start(serverIn, toClient, executor);
        Launcher<LanguageServer> client = new LSPLauncher.Builder<LanguageServer>()
                .setLocalService(this)
                .setRemoteInterface(LanguageServer.class)
                .setInput(clientIn)
                .setOutput(toServer)
                .setExecutorService(executor)
                .create();
        client.startListening();
        server = client.getRemoteProxy();
    }

    /** What this editor answers to {@code workspace/configuration} from now on, as JSON text. */
    void holds(String json) {
        configuration = json;
    }

    /** Initializes on {@code root}, declaring {@code workspace.configuration} as told, then sends initialized. */
    void initialize(Path root, boolean declaresConfiguration, String initializationOptionsJson) throws Exception {
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), "root")));
        ClientCapabilities capabilities = new ClientCapabilities();
        WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
        workspace.setConfiguration(declaresConfiguration);
        capabilities.setWorkspace(workspace);
        params.setCapabilities(capabilities);
        if (initializationOptionsJson != null) {
            params.setInitializationOptions(com.google.gson.JsonParser.parseString(initializationOptionsJson));
        }
        server.initialize(params).get(30, TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
    }

    /**
     * Waits until the server has handled everything sent before, including this editor's answers to its requests:
     * messages are handled in order, so the answer to a later request proves it.
     */
    void sync() throws Exception {
        try {
            server.getWorkspaceService().executeCommand(new ExecuteCommandParams("agentls.noSuchCommand", List.of()))
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException expected) {
            // "unknown command": the answer is all this wanted
        }
    }

    /**
     * Waits until {@code condition} holds: for what the server does on this editor's answer to its own request,
     * which no later request of this editor's is ordered after.
     */
    void until(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 30 s for " + what + "; shown: " + shown);
            }
            Thread.sleep(5);
        }
    }

    /** The settings in force on the server. */
    dev.agentls.config.AgentLsSettings settings() {
        return connection.server().settings().get();
    }

    @Override
    public CompletableFuture<List<Object>> configuration(ConfigurationParams params) {
        configurationRequests.add(params);
        return CompletableFuture.completedFuture(List.of(com.google.gson.JsonParser.parseString(configuration)));
    }

    @Override
    public void showMessage(MessageParams message) {
        shown.add(message);
    }

    @Override
    public void logMessage(MessageParams message) {}

    @Override
    public void telemetryEvent(Object object) {}

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {}

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams requestParams) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() throws Exception {
        try {
            server.shutdown().get(30, TimeUnit.SECONDS);
            server.exit();
            connection.exit().get(30, TimeUnit.SECONDS);
        } finally {
            toServer.close();
            toClient.close();
            executor.shutdownNow();
        }
    }
}
