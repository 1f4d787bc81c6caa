package dev.agentls.lsp;

import com.google.gson.JsonObject;
import dev.agentls.session.WorkspaceAgents;
import dev.agentls.session.McpWiring;
import dev.agentls.session.WorkspaceTools;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.command.CommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * A real AgentLS server with its agent, wired as {@code agentls lsp} wires it (the real tools, the product's streaming
 * model client), talking to a {@link RunEditor} that behaves as one {@link RealClient} over pipes, on a temp copy of
 * {@code test-workspaces/demo}; the model is a {@link ReplayServer} on loopback serving {@link ReplayAnswers}, named
 * by the editor's initializationOptions as real settings would name it.
 */
final class RunFixture implements AutoCloseable {

    static final String GREETER = "src/main/java/demo/Greeter.java";

    final Path root;
    final RunEditor editor;
    final LanguageServer server;
    /** The same server, to which this editor also forwards its other language servers' diagnostics. */
    final ReportingServer reporting;

    /** AgentLS as a client that forwards diagnostics sees it. */
    interface ReportingServer extends LanguageServer {
        @org.eclipse.lsp4j.jsonrpc.services.JsonNotification("agentls/diagnostics")
        void editorDiagnostics(JsonObject params);
    }
    final ReplayServer model;
    final org.eclipse.lsp4j.InitializeResult initialized;
    /**
     * Hears each line the scripted model logs; a request's line comes as it arrives, before its answer is written, so
     * the run that sent it is still waiting.
     */
    volatile java.util.function.Consumer<String> modelLog = line -> { };
    private final LspServerLauncher.Connection connection;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor();
    private final WirePipe serverPipe = new WirePipe(1 << 16);
    private final OutputStream toServer = serverPipe.out();
    private final WirePipe clientPipe = new WirePipe(1 << 16);
    private final OutputStream toClient = clientPipe.out();
    private final ByteArrayOutputStream serverErr = new ByteArrayOutputStream();
    private final WireFrames.Recording serverOut = new WireFrames.Recording(toClient);

    /** Something done to the workspace copy before the server starts. */
    @FunctionalInterface
    interface Preparation {
        void prepare() throws IOException;
    }

    RunFixture(Path temp, RealClient client, ReplayAnswers answers) throws Exception {
        this(temp, client, answers, () -> { });
    }

    RunFixture(Path temp, RealClient client, ReplayAnswers answers, Preparation before) throws Exception {
        this(temp, client, answers, before, "");
    }

    /** @param moreSettings more members of the settings section, after the model's ({@code , "editor": {...}}) */
    RunFixture(Path temp, RealClient client, ReplayAnswers answers, Preparation before, String moreSettings)
            throws Exception {
        this(temp, client, answers, before, moreSettings, "test-model");
    }

    /** @param modelName the settings' {@code llm.model} (which decides how the session counts tokens) */
    RunFixture(Path temp, RealClient client, ReplayAnswers answers, Preparation before, String moreSettings,
               String modelName) throws Exception {
        this(temp, client, answers, before, moreSettings, modelName, EditorWaits.DEFAULTS);
    }

    /** @param waits how long runs wait for the editor's saves and diagnostics */
    RunFixture(Path temp, RealClient client, ReplayAnswers answers, Preparation before, String moreSettings,
               String modelName, EditorWaits waits) throws Exception {
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces").resolve("demo"), root);
        before.prepare();
        model = ReplayServer.start(answers.transcript(), 0, executor, line -> modelLog.accept(line));
        CommandRunner runner = new CommandRunner("bash", CommandRunner.Limits.defaults(), timers, executor);
        WorkspaceTools tools = new WorkspaceTools(runner, temp.resolve("home"));
        // MCP configuration from a scratch home, never the real one.
        WorkspaceAgents agents = new WorkspaceAgents(tools, llm -> StreamingModelClient.forProduct(llm, executor),
                executor, Clock.systemUTC(), new McpWiring(temp.resolve("home"), Map.of(),
                        new PrintStream(serverErr, true, StandardCharsets.UTF_8)));
        StandardSessions sessions = new StandardSessions(StandardSessions.EDITOR_ANSWER_TIMEOUT,
                Duration.ofMillis(1500), tools, agents, executor, timers, waits);
        InputStream serverIn = serverPipe.in();
        InputStream clientIn = clientPipe.in();
        connection = new LspServerLauncher(new PrintStream(serverErr, true, StandardCharsets.UTF_8), sessions)
                .start(serverIn, serverOut, executor);
        editor = new RunEditor(client);
        Launcher<ReportingServer> launcher = new LSPLauncher.Builder<ReportingServer>()
                .setLocalService(editor)
                .setRemoteInterface(ReportingServer.class)
                .setInput(clientIn)
                .setOutput(toServer)
                .setExecutorService(executor)
                .create();
        launcher.startListening();
        server = launcher.getRemoteProxy();
        reporting = launcher.getRemoteProxy();
        editor.connect(server);
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), "demo")));
        params.setCapabilities(client.capabilities());
        params.setInitializationOptions(com.google.gson.JsonParser.parseString("{\"llm\": {\"baseUrl\": \""
                + model.baseUrl() + "/v1\", \"apiKeyEnv\": \"AGENTLS_RUN_TEST_NO_KEY\", \"model\": \"" + modelName + "\"}"
                + moreSettings + "}"));
        initialized = LspFixture.await(server.initialize(params));
        server.initialized(new InitializedParams());
    }

    String uri(String relative) {
        return root.resolve(relative).toUri().toString();
    }

    /** Opens the file in the editor at version 1 with its disk text; returns the text. */
    String open(String relative) throws IOException {
        String text = Files.readString(root.resolve(relative));
        editor.model.open(uri(relative), text, 1);
        server.getTextDocumentService().didOpen(
                new DidOpenTextDocumentParams(new TextDocumentItem(uri(relative), "java", 1, text)));
        return text;
    }

    CompletableFuture<Object> execute(String command, Map<String, ?> arguments) {
        return server.getWorkspaceService().executeCommand(new ExecuteCommandParams(command,
                List.of(new com.google.gson.Gson().toJsonTree(arguments))));
    }

    /** Runs the command and gives its answer as a JSON object. */
    JsonObject answer(String command, Map<String, ?> arguments) throws Exception {
        return LspFixture.json(LspFixture.await(execute(command, arguments)));
    }

    /** Waits (bounded) for the editor's buffer to hold {@code expected}. */
    String awaitBuffer(String relative, Predicate<String> expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS);
        String text = "";
        while (System.nanoTime() < deadline) {
            text = editor.model.buffer(uri(relative)).map(EditorModel.Buffer::text).orElse("");
            if (expected.test(text)) {
                return text;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the buffer of " + relative + " never showed what was expected: " + text);
    }

    /** Every JSON-RPC message the server has sent the editor so far, in order. */
    List<JsonObject> serverFrames() throws IOException {
        return WireFrames.parseAll(serverOut.bytes());
    }

    String serverErr() {
        return serverErr.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws Exception {
        try {
            LspFixture.await(server.shutdown());
            server.exit();
            connection.exit().get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            org.junit.jupiter.api.Assertions.assertEquals(List.of(),
                    WireFrames.percentSigns(WireFrames.parseAll(serverOut.bytes())), "texts an editor shows held a '%'");
        } finally {
            model.close();
            editor.close();
            toServer.close();
            toClient.close();
            executor.shutdownNow();
            timers.shutdownNow();
        }
    }
}
