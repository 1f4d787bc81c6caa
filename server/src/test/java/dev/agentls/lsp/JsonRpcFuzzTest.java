package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.BufferedOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, "what it must show" 2: a real {@code agentls lsp} process (java on this test's classpath, stdio) gets
 * {@value #DEFAULT_COUNT} seeded malformed and hostile messages ({@link HostileMessages}), a valid request after
 * every ten, then a final valid request. It must survive; every request with a usable id is answered exactly once,
 * with the error code JSON-RPC and LSP say or with the right result; nothing else is answered; no error carries
 * data (a stack trace), a '%' in a shown text, or more than {@value #MAX_MESSAGE} characters; and it exits 0 after
 * shutdown and exit. Seed and count: {@code -Dagentls.fuzz.seed=N -Dagentls.fuzz.count=N}.
 */
@Tag("slow")
class JsonRpcFuzzTest {

    static final int DEFAULT_COUNT = 10_000;
    static final int MAX_MESSAGE = 1000;

    @TempDir
    Path temp;

    @Test
    void survivesTenThousandHostileMessagesAndAnswersEveryRequest() throws Exception {
        long seed = Long.getLong("agentls.fuzz.seed", 20_261_124L);
        int count = Integer.getInteger("agentls.fuzz.count", DEFAULT_COUNT);
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        Path stderr = temp.resolve("server-stderr.txt");
        Process server = new ProcessBuilder(NeovimDriver.serverCommand()).redirectError(stderr.toFile()).start();
        List<JsonObject> answers = new CopyOnWriteArrayList<>();
        Map<String, JsonObject> byId = new ConcurrentHashMap<>();
        List<String> problems = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> read(server.getInputStream(), answers, byId, problems), "fuzz-reader");
        reader.setDaemon(true);
        reader.start();
        long started = System.nanoTime();
        try (OutputStream out = new BufferedOutputStream(server.getOutputStream(), 1 << 16)) {
            write(out, WireFrames.frame("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":"
                    + "{\"rootUri\":\"" + root.toUri() + "\",\"capabilities\":{}}}"));
            write(out, WireFrames.frame("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}"));
            awaitAnswer(byId, "\"init\"", server);

            HostileMessages messages = new HostileMessages(seed);
            Map<String, HostileMessages.Case> expected = new ConcurrentHashMap<>();
            Map<String, Integer> kinds = new TreeMap<>();
            int valid = 0;
            for (int i = 0; i < count; i++) {
                HostileMessages.Case hostile = messages.hostile();
                kinds.merge(hostile.kind(), 1, Integer::sum);
                send(out, hostile, expected);
                if (i % 10 == 9) {
                    send(out, messages.valid(), expected);
                    valid++;
                }
            }
            HostileMessages.Case last = messages.valid();
            send(out, last, expected);
            JsonObject finalAnswer = awaitAnswer(byId, normal(last.id()), server);
            assertTrue(finalAnswer.has("result") && finalAnswer.getAsJsonObject("result").has("checkpoints"),
                    "the final valid request: " + finalAnswer);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!byId.keySet().containsAll(expected.keySet()) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            double seconds = (System.nanoTime() - started) / 1e9;

            List<String> wrong = check(expected, answers, byId);
            long hostileExpectingAnswers = expected.values().stream()
                    .filter(c -> !c.kind().equals("valid")).count();
            System.out.printf("JsonRpcFuzzTest: seed %d, %d hostile messages (%d of them requests that must get an"
                    + " error), %d valid requests interleaved + 1 final; %d answers received, %d wrong, in %.1f s%n",
                    seed, count, hostileExpectingAnswers, valid, answers.size(), wrong.size(), seconds);
            System.out.println("JsonRpcFuzzTest: hostile messages by kind: " + kinds);
            assertEquals(List.of(), problems, "the server's output was not clean frames");
            assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " wrong answers");
            assertTrue(server.isAlive(), "the server died");

            write(out, WireFrames.frame("{\"jsonrpc\":\"2.0\",\"id\":\"bye\",\"method\":\"shutdown\"}"));
            JsonObject bye = awaitAnswer(byId, "\"bye\"", server);
            assertTrue(bye.has("result") && !bye.has("error"), bye.toString());
            write(out, WireFrames.frame("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server did not exit");
            assertEquals(0, server.exitValue());
        } finally {
            server.destroyForcibly();
        }
        String log = Files.readString(stderr, StandardCharsets.UTF_8);
        assertTrue(!log.contains("Exception in thread"), "an uncaught exception: " + log.substring(0, Math.min(2000, log.length())));
    }

    /** Every expected id answered exactly once as the case says, and no answer to anything else. */
    private static List<String> check(Map<String, HostileMessages.Case> expected, List<JsonObject> answers,
            Map<String, JsonObject> byId) {
        List<String> wrong = new ArrayList<>();
        Map<String, Integer> seen = new TreeMap<>();
        for (JsonObject answer : answers) {
            String id = answer.get("id").toString();
            seen.merge(id, 1, Integer::sum);
            if (!expected.containsKey(id) && !id.equals("\"init\"")) {
                wrong.add("an answer to " + id + ", which expects none: " + brief(answer));
            }
            if (answer.has("error")) {
                JsonObject error = answer.getAsJsonObject("error");
                JsonElement data = error.get("data");
                String message = error.get("message").getAsString();
                if (data != null && !data.isJsonNull()) {
                    wrong.add("error.data on " + id + ": " + brief(answer));
                }
                if (message.indexOf('%') >= 0 || message.length() > MAX_MESSAGE) {
                    wrong.add("a shown text with '%' or over " + MAX_MESSAGE + " characters: " + brief(answer));
                }
            }
        }
        seen.forEach((id, n) -> {
            if (n > 1) {
                wrong.add(n + " answers to " + id);
            }
        });
        expected.forEach((id, c) -> {
            JsonObject answer = byId.get(id);
            if (answer == null) {
                wrong.add("no answer to " + c.kind() + " " + id);
            } else if (c.code() == null) {
                if (!answer.has("result") || !answer.get("result").isJsonObject()
                        || !answer.getAsJsonObject("result").has("checkpoints")) {
                    wrong.add(c.kind() + " " + id + " wanted the checkpoints, got " + brief(answer));
                }
            } else if (!answer.has("error") || answer.getAsJsonObject("error").get("code").getAsInt() != c.code()) {
                wrong.add(c.kind() + " " + id + " wanted error " + c.code() + ", got " + brief(answer));
            }
        });
        return wrong;
    }

    private static void send(OutputStream out, HostileMessages.Case c, Map<String, HostileMessages.Case> expected)
            throws Exception {
        if (c.expectsAnswer()) {
            expected.put(normal(c.id()), c);
        }
        write(out, c.bytes());
    }

    private static void write(OutputStream out, byte[] bytes) throws Exception {
        out.write(bytes);
        out.flush();
    }

    /** An id literal as gson writes it back, so a sent {@code "\u00e9"} and an answered {@code "é"} compare equal. */
    private static String normal(String idLiteral) {
        return JsonParser.parseString(idLiteral).toString();
    }

    private static JsonObject awaitAnswer(Map<String, JsonObject> byId, String id, Process server) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS * 2);
        while (!byId.containsKey(id)) {
            assertTrue(server.isAlive(), "the server died waiting for " + id);
            assertTrue(System.nanoTime() < deadline, "no answer to " + id);
            Thread.sleep(20);
        }
        return byId.get(id);
    }

    private static void read(InputStream in, List<JsonObject> answers, Map<String, JsonObject> byId,
            List<String> problems) {
        try {
            JsonObject message;
            while ((message = WireFrames.read(in)) != null) {
                if (!message.has("method") && message.has("id")) {
                    answers.add(message);
                    byId.putIfAbsent(message.get("id").toString(), message);
                } else if (!WireFrames.percentSigns(List.of(message)).isEmpty()) {
                    problems.add("a '%' in " + brief(message));
                }
            }
        } catch (Exception e) {
            problems.add("reading the server's output failed: " + e);
        }
    }

    private static String brief(JsonObject message) {
        String text = message.toString();
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
