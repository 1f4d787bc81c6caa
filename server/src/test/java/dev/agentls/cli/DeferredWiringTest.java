package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
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
 * {@code agentls lsp} as the command line wires it answers initialize before it builds a session's tools, agent and
 * Jackson's mappers (they are built at their first use). What that must not change: the capabilities of the answer,
 * and the answers of requests that come before {@code initialized}, or right after it and at once, several racing to
 * build the same deferred parts.
 */
@Tag("slow")
class DeferredWiringTest {

    /** Every command of the table, in its order; the answer advertised them all before the wiring was deferred. */
    private static final List<String> EVERY_COMMAND = List.of("agentls.applyEdits", "agentls.applyLazyEdit",
            "agentls.runTool", "agentls.checkpoints", "agentls.rollback", "agentls.run", "agentls.runLines",
            "agentls.cancel", "agentls.steer", "agentls.approve", "agentls.deny", "agentls.answer",
            "agentls.conversations", "agentls.mcp", "agentls.compact", "agentls.keepHunk", "agentls.revertHunk",
            "agentls.revertRun");

    @TempDir
    Path temp;

    @Test
    void requestsBeforeAndRightAfterInitializedAreAnsweredByTheDeferredWiring() throws Exception {
        Path root = copyOfDemo();
        Path script = temp.resolve("answers.jsonl");
        Files.write(script, List.of("{\"type\":\"response\"}",
                "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hello.\"},"
                        + "\"finish_reason\":null}]}}",
                "{\"type\":\"sse\",\"data\":{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}}",
                "{\"type\":\"raw\",\"text\":\"data: [DONE]\\n\\n\"}"));
        ExecutorService executor = Executors.newCachedThreadPool();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        try (ReplayServer model = ReplayServer.start(new TranscriptReader().read(script), 0, executor, line -> { })) {
            CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> {
                try {
                    return new LspCommand(InputStream.nullInputStream(), System.getenv()).run(new String[] {
                        "--base-url", model.baseUrl() + "/v1", "--model", "replayed", "--port", "0"}, System.out, err);
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
                params.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), "demo")));
                params.setCapabilities(new ClientCapabilities());
                InitializeResult result = server.initialize(params).get(30, TimeUnit.SECONDS);
                assertEquals(EVERY_COMMAND, result.getCapabilities().getExecuteCommandProvider().getCommands());
                assertEquals(org.eclipse.lsp4j.TextDocumentSyncKind.Full,
                        result.getCapabilities().getTextDocumentSync().getLeft());
                assertTrue(result.getCapabilities().getCodeActionProvider().getLeft());

                // Before 'initialized': the tool set is built by this very call.
                JsonObject before = answer(server, "agentls.runTool", readFile("src/main/java/demo/Greeter.java"));
                assertTrue(before.get("ok").getAsBoolean(), before.toString());
                assertTrue(before.get("text").getAsString().contains("class Greeter"), before.toString());

                // Right after 'initialized', sent without waiting: the run and the listing race to build the agent's part.
                server.initialized(new InitializedParams());
                List<CompletableFuture<Object>> racing = new ArrayList<>();
                racing.add(execute(server, "agentls.runTool", readFile("src/main/java/demo/Main.java")));
                racing.add(execute(server, "agentls.conversations", new JsonObject()));
                JsonObject run = new JsonObject();
                run.addProperty("prompt", "Say hello");
                racing.add(execute(server, "agentls.run", run));

                JsonObject read = json(racing.get(0).get(30, TimeUnit.SECONDS));
                assertTrue(read.get("ok").getAsBoolean(), read.toString());
                assertTrue(read.get("text").getAsString().contains("class Main"), read.toString());
                JsonObject conversations = json(racing.get(1).get(30, TimeUnit.SECONDS));
                assertTrue(conversations.get("conversations").isJsonArray(), conversations.toString());
                JsonObject started = json(racing.get(2).get(30, TimeUnit.SECONDS));
                assertEquals("1", started.get("runId").getAsString(), started.toString());
                assertTrue(started.get("conversationId").getAsString().length() > 0, started.toString());
                model.allServed().get(30, TimeUnit.SECONDS);
                assertEquals(1, model.requests().size(), "the run asked the replayed model once");

                server.shutdown().get(30, TimeUnit.SECONDS);
                server.exit();
                assertEquals(0, status.get(30, TimeUnit.SECONDS));
            }
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * As editors start it (no flags, stdio), with everything an eager editor sends in one write before reading
     * anything: the initialize answer is the first message out (written before the session and the settings are
     * made), and the messages behind it in the pipe are answered by the session opened after it.
     */
    @Test
    void messagesWrittenTogetherWithInitializeAreAnsweredAfterTheFrontsAnswer() throws Exception {
        Path root = copyOfDemo();
        Pipe toServer = Pipe.open();
        Pipe fromServer = Pipe.open();
        ExecutorService executor = Executors.newCachedThreadPool();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        try (OutputStream editor = Channels.newOutputStream(toServer.sink());
             InputStream fromTheServer = Channels.newInputStream(fromServer.source())) {
            CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> {
                try (OutputStream out = Channels.newOutputStream(fromServer.sink())) {
                    return new LspCommand(Channels.newInputStream(toServer.source()), System.getenv())
                            .run(new String[0], new PrintStream(out, true, StandardCharsets.UTF_8), err);
                } catch (UsageException | java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            }, executor);
            String folder = root.toUri().toString();
            editor.write(frames("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                            + "{\"processId\":null,\"capabilities\":{},\"workspaceFolders\":[{\"uri\":\"" + folder
                            + "\",\"name\":\"demo\"}]}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                            + "\"agentls.runTool\",\"arguments\":[" + readFile("src/main/java/demo/Greeter.java") + "]}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                            + "\"agentls.conversations\",\"arguments\":[{}]}}"));
            editor.flush();
            CompletableFuture<List<JsonObject>> read = CompletableFuture.supplyAsync(() -> {
                List<JsonObject> frames = new ArrayList<>();
                java.util.Set<String> waiting = new java.util.HashSet<>(List.of("1", "2", "3"));
                while (!waiting.isEmpty()) {
                    JsonObject next = readFrame(fromTheServer);
                    frames.add(next);
                    if (!next.has("method") && next.has("id")) {
                        waiting.remove(next.get("id").toString());
                    }
                }
                return frames;
            }, executor);
            List<JsonObject> frames = read.get(60, TimeUnit.SECONDS);

            JsonObject first = frames.get(0);
            assertEquals(1, first.get("id").getAsInt(), "the initialize answer comes first: " + frames);
            List<String> advertised = new ArrayList<>();
            first.getAsJsonObject("result").getAsJsonObject("capabilities").getAsJsonObject("executeCommandProvider")
                    .getAsJsonArray("commands").forEach(c -> advertised.add(c.getAsString()));
            assertEquals(EVERY_COMMAND, advertised);
            JsonObject tool = answerTo(frames, 2);
            assertTrue(tool.get("ok").getAsBoolean(), tool.toString());
            assertTrue(tool.get("text").getAsString().contains("class Greeter"), tool.toString());
            assertTrue(answerTo(frames, 3).get("conversations").isJsonArray(), frames.toString());

            editor.write(frames("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"shutdown\"}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));
            editor.flush();
            assertEquals(0, status.get(30, TimeUnit.SECONDS), errBytes.toString(StandardCharsets.UTF_8));
        } finally {
            executor.shutdownNow();
        }
    }

    private static JsonObject answerTo(List<JsonObject> frames, int id) {
        return frames.stream().filter(f -> !f.has("method") && f.has("id") && f.get("id").getAsInt() == id)
                .findFirst().orElseThrow(() -> new AssertionError("no answer to " + id + ": " + frames))
                .getAsJsonObject("result");
    }

    private static byte[] frames(String... messages) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (String message : messages) {
            byte[] body = message.getBytes(StandardCharsets.UTF_8);
            all.writeBytes(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            all.writeBytes(body);
        }
        return all.toByteArray();
    }

    /** One framed message off the server's stdout. */
    private static JsonObject readFrame(InputStream in) {
        try {
            int length = -1;
            StringBuilder line = new StringBuilder();
            while (true) {
                int c = in.read();
                if (c < 0) {
                    throw new AssertionError("the server closed its output");
                }
                if (c != '\n') {
                    line.append((char) c);
                    continue;
                }
                String header = line.toString().strip();
                line.setLength(0);
                if (header.isEmpty()) {
                    break;
                }
                if (header.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(header.substring("content-length:".length()).strip());
                }
            }
            return JsonParser.parseString(new String(in.readNBytes(length), StandardCharsets.UTF_8)).getAsJsonObject();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Path copyOfDemo() throws Exception {
        Path source = Path.of("..", "test-workspaces", "demo").toAbsolutePath().normalize();
        Path target = temp.resolve("demo");
        try (Stream<Path> paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path to = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(path, to);
                }
            }
        }
        return target;
    }

    private static JsonObject readFile(String path) {
        JsonObject arguments = new JsonObject();
        arguments.addProperty("target_file", path);
        JsonObject call = new JsonObject();
        call.addProperty("name", "read_file");
        call.add("arguments", arguments);
        return call;
    }

    private static CompletableFuture<Object> execute(LanguageServer server, String command, JsonObject arguments) {
        return server.getWorkspaceService().executeCommand(new ExecuteCommandParams(command, List.of(arguments)));
    }

    private static JsonObject answer(LanguageServer server, String command, JsonObject arguments) throws Exception {
        return json(execute(server, command, arguments).get(30, TimeUnit.SECONDS));
    }

    private static JsonObject json(Object result) {
        return JsonParser.parseString(new Gson().toJson(result)).getAsJsonObject();
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
