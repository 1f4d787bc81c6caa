package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The composition of {@code agentls lsp}: the key variable named by a settings flag, or later by the editor's
 * settings (even settings refused for another reason), never reaches a command the agent runs
 * ({@code agentls.runTool} execute_command, real bash), while a
 * variable no setting names still does.
 */
@Tag("slow")
class LspKeyVariableWiringTest {

    @TempDir
    Path temp;

    @Test
    void keyVariablesNamedByFlagsOrByTheEditorNeverReachTheAgentsCommands() throws Exception {
        Path root = Files.createDirectories(temp.resolve("ws"));
        Map<String, String> environment = new HashMap<>(System.getenv());
        environment.put("FLAG_NAMED_VAR", "flag-named-secret-0123456789");
        environment.put("EDITOR_NAMED_VAR", "editor-named-secret-0123456789");
        environment.put("UNNAMED_VALUE", "plain-value");
        environment.put("REFUSED_NAMED_VAR", "refused-named-secret-0123456789");
        ExecutorService executor = Executors.newCachedThreadPool();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        // A loopback socket rather than pipes: a pipe refuses reads once the thread that last wrote it has ended.
        CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> {
            try {
                return new LspCommand(InputStream.nullInputStream(), environment).run(
                        new String[] {"--api-key-env", "FLAG_NAMED_VAR", "--port", "0"}, System.out, err);
            } catch (UsageException e) {
                throw new IllegalStateException(e);
            }
        }, executor);
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port(errBytes))) {
            var launcher = LSPLauncher.createClientLauncher(new QuietClient(), socket.getInputStream(),
                    socket.getOutputStream(), executor, null);
            launcher.startListening();
            LanguageServer server = launcher.getRemoteProxy();
            InitializeParams params = new InitializeParams();
            params.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), "ws")));
            params.setCapabilities(new ClientCapabilities());
            server.initialize(params).get(30, TimeUnit.SECONDS);
            server.initialized(new InitializedParams());

            assertEquals("Exit code 0.\n[][editor-named-secret-0123456789][plain-value]\n",
                    echo(server, "echo \"[$FLAG_NAMED_VAR][$EDITOR_NAMED_VAR][$UNNAMED_VALUE]\""));

            server.getWorkspaceService().didChangeConfiguration(new org.eclipse.lsp4j.DidChangeConfigurationParams(
                    Map.of("agentls", Map.of("llm", Map.of("apiKeyEnv", "EDITOR_NAMED_VAR")))));
            assertEquals("Exit code 0.\n[][][plain-value]\n",
                    echo(server, "echo \"[$FLAG_NAMED_VAR][$EDITOR_NAMED_VAR][$UNNAMED_VALUE]\""));

            // Settings refused for another key still name their key variable: commands never see it.
            server.getWorkspaceService().didChangeConfiguration(new org.eclipse.lsp4j.DidChangeConfigurationParams(
                    Map.of("agentls", Map.of("llm", Map.of("apiKeyEnv", "REFUSED_NAMED_VAR",
                            "baseUrl", "http://user:pw@127.0.0.1:9/v1")))));
            assertEquals("Exit code 0.\n[][plain-value]\n",
                    echo(server, "echo \"[$REFUSED_NAMED_VAR][$UNNAMED_VALUE]\""));

            server.shutdown().get(30, TimeUnit.SECONDS);
            server.exit();
            assertEquals(0, status.get(30, TimeUnit.SECONDS));
        } finally {
            executor.shutdownNow();
        }
    }

    /** The port {@code agentls lsp --port 0} says it listens on. */
    private static int port(ByteArrayOutputStream err) throws InterruptedException {
        Pattern listening = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Matcher m = listening.matcher(err.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            Thread.sleep(10);
        }
        throw new AssertionError("agentls lsp never said its port: " + err.toString(StandardCharsets.UTF_8));
    }

    private static String echo(LanguageServer server, String command) throws Exception {
        JsonObject arguments = new JsonObject();
        arguments.addProperty("command", command);
        arguments.addProperty("requires_approval", false);
        JsonObject call = new JsonObject();
        call.addProperty("name", "execute_command");
        call.add("arguments", arguments);
        Object result = server.getWorkspaceService()
                .executeCommand(new ExecuteCommandParams("agentls.runTool", List.of(call))).get(30, TimeUnit.SECONDS);
        JsonObject answer = JsonParser.parseString(new Gson().toJson(result)).getAsJsonObject();
        return answer.get("text").getAsString();
    }

    /** An editor that needs nothing but the answers. */
    private static final class QuietClient implements LanguageClient {
        @Override
        public void telemetryEvent(Object object) {}

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {}

        @Override
        public void showMessage(MessageParams messageParams) {}

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams requestParams) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams message) {}
    }
}
