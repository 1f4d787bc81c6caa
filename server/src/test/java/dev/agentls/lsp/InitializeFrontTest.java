package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.eclipse.lsp4j.InitializeParams;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link InitializeFront} answers the first {@code initialize} before the server is built: its answer must be
 * the very bytes the whole path (LSP4J's pipeline and {@link AgentLanguageServer#initialize}) writes, for the
 * initialize requests real clients send, and every other first message must get exactly what the whole path gives
 * it. Each case runs the same input through {@link LspServerLauncher#serve} twice, with and without the front, and
 * compares the answers. The Neovim 0.7.2, Emacs eglot 1.9 and Vim ALE 3.3 requests in {@code resources/initialize/}
 * were captured from those editors (Debian's packages, with the project's {@code editors/} set-ups) starting a
 * server that only kept what it was sent; the workspace path is replaced by {@code __ROOT__}.
 */
@Tag("slow")
class InitializeFrontTest {

    private static final String SHUTDOWN = "{\"jsonrpc\":\"2.0\",\"id\":\"end\",\"method\":\"shutdown\"}";
    private static final String EXIT = "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}";

    @TempDir
    Path temp;

    /** What one serve wrote and returned. */
    private record Served(byte[] out, int status, String err) {

        List<JsonObject> frames() throws IOException {
            return WireFrames.parseAll(out);
        }

        /** Answers to the client's requests, in order (the server's own requests and notifications left out). */
        List<JsonObject> answers() throws IOException {
            return frames().stream().filter(m -> !m.has("method")).collect(Collectors.toList());
        }

        /** The first frame's raw bytes: header and body. */
        byte[] firstFrame() {
            String text = new String(out, StandardCharsets.ISO_8859_1);
            int headerEnd = text.indexOf("\r\n\r\n") + 4;
            int length = Integer.parseInt(text.substring("Content-Length: ".length(), text.indexOf("\r\n")));
            byte[] frame = new byte[headerEnd + length];
            System.arraycopy(out, 0, frame, 0, frame.length);
            return frame;
        }
    }

    private Served serve(boolean front, byte[] input) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InitializeFront initializeFront = front ? LspServerLauncher.standardFront() : null;
        int status = new LspServerLauncher(new PrintStream(err, true, StandardCharsets.UTF_8), StandardSessions::new,
                CommandLineSettings.none(), initializeFront).serve(new ByteArrayInputStream(input), out);
        return new Served(out.toByteArray(), status, err.toString(StandardCharsets.UTF_8));
    }

    private Path workspace() throws IOException {
        Path root = temp.resolve("demo");
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("src/App.java"), "class App {}\n");
        return root;
    }

    private static byte[] frames(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }

    private static byte[] framed(String json) {
        return WireFrames.frame(json);
    }

    /** The captured request of a real client, on this test's workspace. */
    private String captured(String name, Path root) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/initialize/" + name + ".json")) {
            assertTrue(in != null, "missing resource initialize/" + name + ".json");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip().replace("__ROOT__", root.toString());
        }
    }

    /** Helix 25.07.1's declarations as the run tests imitate them (no Helix here to capture), written by LSP4J. */
    private static String helix(Path root, Object id) {
        InitializeParams params = new InitializeParams();
        params.setProcessId(4242);
        params.setRootUri(root.toUri().toString());
        params.setCapabilities(RealClient.helix().capabilities());
        JsonObject message = new JsonObject();
        message.addProperty("jsonrpc", "2.0");
        message.add("id", new Gson().toJsonTree(id));
        message.addProperty("method", "initialize");
        message.add("params", new Gson().toJsonTree(params));
        return message.toString();
    }

    @Test
    void answersRealClientsInitializeWithTheWholePathsVeryBytes() throws Exception {
        Path root = workspace();
        Map<String, String> requests = new LinkedHashMap<>();
        for (String client : List.of("neovim-0.7.2", "emacs-eglot", "vim-ale")) {
            requests.put(client, captured(client, root));
        }
        requests.put("Helix 25.07.1 (declarations)", helix(root, 1));
        requests.put("a string id with characters Gson escapes", helix(root, "<a&b='c'>"));
        requests.put("a large number id", helix(root, 12345678901L));
        requests.put("a fraction id", "{\"jsonrpc\":\"2.0\",\"id\":1.50,\"method\":\"initialize\",\"params\":"
                + "{\"rootUri\":\"" + root.toUri() + "\",\"capabilities\":{}}}");
        requests.put("params by position", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\",\"params\":"
                + "[{\"rootPath\":\"" + root + "\",\"capabilities\":{}}]}");
        requests.put("no folder at all", "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"initialize\",\"params\":"
                + "{\"processId\":null,\"rootUri\":null,\"capabilities\":{}}}");
        for (Map.Entry<String, String> request : requests.entrySet()) {
            byte[] input = frames(framed(request.getValue()), framed(SHUTDOWN), framed(EXIT));
            Served whole = serve(false, input);
            Served fronted = serve(true, input);

            JsonObject answer = JsonParser.parseString(new String(fronted.firstFrame(), StandardCharsets.UTF_8)
                    .substring(new String(fronted.firstFrame(), StandardCharsets.UTF_8).indexOf('{'))).getAsJsonObject();
            assertTrue(answer.has("result"), request.getKey() + ": the front's first frame is the answer: " + answer);
            byte[] wholeAnswer = whole.frames().stream().filter(m -> m.has("result") && m.get("result").isJsonObject())
                    .findFirst().map(m -> framed(m.toString())).orElseThrow();
            assertEquals(JsonParser.parseString(new String(wholeAnswer, StandardCharsets.UTF_8)
                    .substring(new String(wholeAnswer, StandardCharsets.UTF_8).indexOf('{'))), answer, request.getKey());
            assertArrayEquals(rawAnswer(whole), fronted.firstFrame(), request.getKey()
                    + ": byte for byte\n whole: " + new String(rawAnswer(whole), StandardCharsets.UTF_8)
                    + "\n front: " + new String(fronted.firstFrame(), StandardCharsets.UTF_8));
            assertEquals(whole.answers(), fronted.answers(), request.getKey());
            assertEquals(0, whole.status(), whole.err());
            assertEquals(0, fronted.status(), fronted.err());
            assertTrue(fronted.err().contains("initialized with workspace folders"), fronted.err());
            assertFalse(fronted.err().contains("initialize was answered with the commands"), fronted.err());
        }
    }

    /** The whole path's raw frame of the initialize answer, as written (its logMessage comes first there). */
    private static byte[] rawAnswer(Served whole) {
        String text = new String(whole.out(), StandardCharsets.ISO_8859_1);
        int at = 0;
        while (at < text.length()) {
            int headerEnd = text.indexOf("\r\n\r\n", at) + 4;
            int length = Integer.parseInt(text.substring(at + "Content-Length: ".length(), text.indexOf("\r\n", at)));
            String body = new String(whole.out(), headerEnd, length, StandardCharsets.UTF_8);
            if (body.contains("\"capabilities\"")) {
                byte[] frame = new byte[headerEnd - at + length];
                System.arraycopy(whole.out(), at, frame, 0, frame.length);
                return frame;
            }
            at = headerEnd + length;
        }
        throw new AssertionError("the whole path wrote no initialize answer: " + text);
    }

    @Test
    void leavesEveryOtherFirstMessageToTheWholePathWhichAnswersItAsBefore() throws Exception {
        Path root = workspace();
        String good = "{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"initialize\",\"params\":{\"rootUri\":\""
                + root.toUri() + "\",\"capabilities\":{}}}";
        Map<String, byte[]> firsts = new LinkedHashMap<>();
        firsts.put("a request before initialize", framed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\"}"));
        firsts.put("a notification before initialize", framed("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}"));
        firsts.put("malformed JSON with an id", framed("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\","));
        firsts.put("trailing text after the object", framed("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\","
                + "\"params\":{\"capabilities\":{}}} x"));
        firsts.put("an array (no batches)", framed("[{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"initialize\"}]"));
        firsts.put("jsonrpc 1.0", framed("{\"jsonrpc\":\"1.0\",\"id\":5,\"method\":\"initialize\",\"params\":{}}"));
        firsts.put("no params", framed("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"initialize\"}"));
        firsts.put("capabilities of the wrong type", framed("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\","
                + "\"params\":{\"capabilities\":\"all\"}}"));
        firsts.put("a processId that is no number", framed("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"initialize\","
                + "\"params\":{\"processId\":\"me\",\"capabilities\":{}}}"));
        firsts.put("a folder that is no file URI", framed("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\","
                + "\"params\":{\"rootUri\":\"https://example.com/x\",\"capabilities\":{}}}"));
        firsts.put("a null workspace folder", framed("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"initialize\","
                + "\"params\":{\"workspaceFolders\":[null],\"capabilities\":{}}}"));
        firsts.put("an id that is an object", framed("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"initialize\","
                + "\"params\":{\"capabilities\":{}}}"));
        firsts.put("initialize sent as a notification", framed("{\"jsonrpc\":\"2.0\",\"method\":\"initialize\","
                + "\"params\":{\"capabilities\":{}}}"));
        firsts.put("a charset other than UTF-8", frames(("Content-Length: 12\r\nContent-Type: application/"
                + "vscode-jsonrpc; charset=latin1\r\n\r\n").getBytes(StandardCharsets.US_ASCII),
                "{\"id\":11,\"a\"".getBytes(StandardCharsets.ISO_8859_1)));
        firsts.put("an unknown charset", frames(("Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; "
                + "charset=klingon\r\n\r\n{}").getBytes(StandardCharsets.US_ASCII)));
        firsts.put("a header without Content-Length", "Content-Type: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        firsts.put("a negative Content-Length", "Content-Length: -5\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        firsts.put("an understated Content-Length", frames("Content-Length: 20\r\n\r\n".getBytes(
                StandardCharsets.US_ASCII), good.getBytes(StandardCharsets.UTF_8)));
        for (Map.Entry<String, byte[]> first : firsts.entrySet()) {
            byte[] input = frames(first.getValue(), framed(good), framed(SHUTDOWN), framed(EXIT));
            Served whole = serve(false, input);
            Served fronted = serve(true, input);
            assertEquals(whole.answers(), fronted.answers(), first.getKey() + "\n whole: " + whole.frames()
                    + "\n front: " + fronted.frames());
            assertEquals(whole.status(), fronted.status(), first.getKey());
            assertEquals(notes(whole.err()), notes(fronted.err()), first.getKey());
        }
    }

    @Test
    void aHugeFirstMessageIsSkippedUnreadAsBeforeAndTheNextInitializeAnswered() throws Exception {
        Path root = workspace();
        long huge = FrameReader.MAX_BODY_BYTES + 1;
        byte[] header = ("Content-Length: " + huge + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[(int) huge];
        String good = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\""
                + root.toUri() + "\",\"capabilities\":{}}}";
        byte[] input = frames(header, body, framed(good), framed(SHUTDOWN), framed(EXIT));
        Served whole = serve(false, input);
        Served fronted = serve(true, input);
        assertEquals(whole.answers(), fronted.answers());
        assertEquals(2, fronted.answers().size(), fronted.frames().toString());
        assertTrue(fronted.err().contains("skipped a message of " + huge + " bytes; the limit is "
                + FrameReader.MAX_BODY_BYTES + " bytes"), fronted.err());
    }

    @Test
    void messagesSentWithInitializeInOneWriteAreAnsweredByTheOpenSession() throws Exception {
        Path root = workspace();
        byte[] input = frames(framed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\""
                        + root.toUri() + "\",\"capabilities\":{}}}"),
                framed("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}"),
                framed("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":"
                        + "{\"command\":\"agentls.checkpoints\",\"arguments\":[{}]}}"),
                framed("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}"),
                framed(SHUTDOWN), framed(EXIT));
        Served fronted = serve(true, input);
        Map<String, JsonObject> answers = new LinkedHashMap<>();
        fronted.answers().forEach(a -> answers.put(a.get("id").toString(), a));
        assertEquals(java.util.Set.of("1", "2", "3", "\"end\""), answers.keySet(), answers.toString());
        assertTrue(answers.get("1").has("result"), answers.get("1").toString());
        assertTrue(answers.get("2").get("result").getAsJsonObject().get("checkpoints").isJsonArray(),
                answers.get("2").toString());
        JsonObject again = answers.get("3").get("error").getAsJsonObject();
        assertEquals(-32600, again.get("code").getAsInt(), again.toString());
        assertTrue(again.get("message").getAsString().contains("'initialize' was already answered"), again.toString());
        assertEquals(0, fronted.status(), fronted.err());
        // The front's answer comes first on the wire, before anything the session says.
        assertTrue(fronted.frames().get(0).has("result"), fronted.frames().toString());
    }

    @Test
    void answersEvenWhenTheEditorsEndIsBrokenAndReadsOnUntilExit() throws Exception {
        Path root = workspace();
        byte[] input = frames(framed("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"rootUri\":\""
                + root.toUri() + "\",\"capabilities\":{}}}"), framed(SHUTDOWN), framed(EXIT));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        java.io.OutputStream broken = new java.io.OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        int status = new LspServerLauncher(new PrintStream(err, true, StandardCharsets.UTF_8))
                .serve(new ByteArrayInputStream(input), broken);
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, stderr);
        assertTrue(stderr.contains("the initialize answer could not be written: Broken pipe"), stderr);
    }

    /** The server's stderr lines without their time stamps, and without the ones only the whole path or front has. */
    private static List<String> notes(String err) {
        List<String> lines = new ArrayList<>();
        for (String line : err.split("\n")) {
            int at = line.indexOf(" agentls");
            if (at >= 0) {
                lines.add(line.substring(at));
            }
        }
        return lines;
    }
}
