package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.TIMEOUT_SECONDS;
import static dev.agentls.lsp.LspFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** initialize / shutdown / exit, the stdout discipline, and the loopback port. */
@Tag("slow")
class ServerLifecycleTest {

    @TempDir
    Path temp;

    @Test
    void advertisesFullSyncAndEveryCommandOfTheTable() throws Exception {
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            InitializeResult result = lsp.initialize();
            assertEquals(TextDocumentSyncKind.Full, result.getCapabilities().getTextDocumentSync().getLeft());
            assertEquals(List.of(ApplyEditsCommand.ID, ApplyLazyEditCommand.ID, RunToolCommand.ID, CheckpointsCommand.ID,
                    RollbackCommand.ID, StartRunCommand.ID, RunLinesCommand.ID, RunCommands.CANCEL,
                    RunCommands.STEER, RunCommands.APPROVE, RunCommands.DENY, RunCommands.ANSWER, RunCommands.CONVERSATIONS,
                    RunCommands.MCP, CompactCommand.ID, KeepHunkCommand.ID, RevertHunkCommand.ID,
                    RevertRunCommand.ID),
                    result.getCapabilities().getExecuteCommandProvider().getCommands());
            assertEquals("agentls", result.getServerInfo().getName());
        }
    }

    @Test
    void refusesCommandsBeforeInitialize() throws Exception {
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            ExecutionException thrown = assertThrows(ExecutionException.class,
                    () -> await(lsp.execute(ApplyEditsCommand.ID, Map.of("uri", "x", "diff", "y"))));
            ResponseErrorException error = (ResponseErrorException) thrown.getCause();
            assertEquals(ResponseErrorCode.ServerNotInitialized.getValue(), error.getResponseError().getCode());
            assertEquals("the server is not initialized: 'workspace/executeCommand' came before 'initialize'",
                    error.getMessage());
        }
    }

    @Test
    void refusesCommandsAfterShutdownAsInvalidRequest() throws Exception {
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            lsp.initialize();
            await(lsp.server.shutdown());
            ExecutionException thrown = assertThrows(ExecutionException.class,
                    () -> await(lsp.applyEdits("README.md", "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n")));
            ResponseErrorException error = (ResponseErrorException) thrown.getCause();
            assertEquals(ResponseErrorCode.InvalidRequest.getValue(), error.getResponseError().getCode());
            assertEquals(0, lsp.editor.applyEditRequests.size());
        }
    }

    @Test
    void exitsWithStatusZeroAfterShutdownAndOneWithout() throws Exception {
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            lsp.initialize();
            lsp.server.exit();
            assertEquals(1, lsp.connection.exit().get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        }
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp.resolve("second"))) {
            lsp.initialize();
            await(lsp.server.shutdown());
            lsp.server.exit();
            assertEquals(0, lsp.connection.exit().get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        }
    }

    @Test
    void writesNothingButProtocolMessagesToStdout() throws Exception {
        String root = temp.toUri().toString();
        ByteArrayInputStream in = new ByteArrayInputStream(frames(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\"" + root
                        + "\",\"capabilities\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":"
                        + "{\"command\":\"agentls.applyEdits\",\"arguments\":[{\"uri\":\"" + root + "x.txt\"}]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"shutdown\"}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = new LspServerLauncher(new PrintStream(err, true, StandardCharsets.UTF_8)).serve(in, out);

        assertEquals(0, status);
        List<String> messages = parseFrames(out.toString(StandardCharsets.UTF_8));
        assertTrue(messages.stream().anyMatch(m -> m.contains("\"id\":1") && m.contains("executeCommandProvider")),
                messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.contains("\"id\":2") && m.contains("missing argument \\u0027diff\\u0027")),
                messages.toString());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("initialized with workspace folders"));
    }

    @Test
    void keepsReadingUntilExitWhenTheEditorsEndOfStdoutIsBroken() throws Exception {
        String root = temp.toUri().toString();
        ByteArrayInputStream in = new ByteArrayInputStream(frames(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\"" + root
                        + "\",\"capabilities\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/hover\",\"params\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"shutdown\"}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));
        java.io.OutputStream broken = new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("Broken pipe");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = new LspServerLauncher(new PrintStream(err, true, StandardCharsets.UTF_8)).serve(in, broken);

        assertEquals(0, status, "shutdown and exit were still read: " + err);
        String stderr = err.toString(StandardCharsets.UTF_8);
        // The MethodNotFound answer to the hover could not be written; the reader logged it and went on.
        assertTrue(stderr.contains("handling a message failed: org.eclipse.lsp4j.jsonrpc.JsonRpcException:"
                + " java.io.IOException: Broken pipe"), stderr);
    }

    @Test
    void servesOneClientOnALoopbackPort() throws Exception {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        LspServerLauncher launcher = new LspServerLauncher(new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8));
        CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> {
            try {
                return launcher.serveOnPort(0, port::complete);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), await(port))) {
            Launcher<LanguageServer> client = LSPLauncher.createClientLauncher(new TestEditor(),
                    socket.getInputStream(), socket.getOutputStream());
            client.startListening();
            InitializeParams params = new InitializeParams();
            params.setRootUri(temp.toUri().toString());
            InitializeResult result = await(client.getRemoteProxy().initialize(params));
            assertEquals(List.of(ApplyEditsCommand.ID, ApplyLazyEditCommand.ID, RunToolCommand.ID, CheckpointsCommand.ID,
                    RollbackCommand.ID, StartRunCommand.ID, RunLinesCommand.ID, RunCommands.CANCEL,
                    RunCommands.STEER, RunCommands.APPROVE, RunCommands.DENY, RunCommands.ANSWER, RunCommands.CONVERSATIONS,
                    RunCommands.MCP, CompactCommand.ID, KeepHunkCommand.ID, RevertHunkCommand.ID,
                    RevertRunCommand.ID),
                    result.getCapabilities().getExecuteCommandProvider().getCommands());
            await(client.getRemoteProxy().shutdown());
            client.getRemoteProxy().exit();
            assertEquals(0, status.get(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        }
    }

    private static byte[] frames(String... messages) {
        StringBuilder out = new StringBuilder();
        for (String message : messages) {
            out.append("Content-Length: ").append(message.getBytes(StandardCharsets.UTF_8).length).append("\r\n\r\n")
                    .append(message);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Splits stdout into framed messages; fails on any byte that is not part of a frame. */
    private static List<String> parseFrames(String stdout) {
        List<String> messages = new ArrayList<>();
        Pattern header = Pattern.compile("Content-Length: (\\d+)\r\n\r\n");
        int at = 0;
        while (at < stdout.length()) {
            Matcher m = header.matcher(stdout);
            assertTrue(m.find(at) && m.start() == at, "not a protocol frame at offset " + at + ": "
                    + stdout.substring(at, Math.min(stdout.length(), at + 80)));
            int length = Integer.parseInt(m.group(1));
            messages.add(stdout.substring(m.end(), m.end() + length));
            at = m.end() + length;
        }
        return messages;
    }
}
