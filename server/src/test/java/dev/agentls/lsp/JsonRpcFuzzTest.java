package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.agentls.testing.AgentProcesses;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void survivesTenThousandHostileMessagesAndAnswersEveryRequest() throws Exception {
        long seed = Long.getLong("agentls.fuzz.seed", 20_261_124L);
        int count = Integer.getInteger("agentls.fuzz.count", DEFAULT_COUNT);
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        LspProcess server = LspProcess.start(agents);
        long started = System.nanoTime();
        server.sendInitialize(root);
        server.sendInitialized();
        server.answer("\"init\"");

        HostileMessages messages = new HostileMessages(seed);
        Map<String, HostileMessages.Case> expected = new ConcurrentHashMap<>();
        Map<String, Integer> kinds = new TreeMap<>();
        int valid = 0;
        for (int i = 0; i < count; i++) {
            HostileMessages.Case hostile = messages.hostile();
            kinds.merge(hostile.kind(), 1, Integer::sum);
            send(server, hostile, expected);
            if (i % 10 == 9) {
                send(server, messages.valid(), expected);
                valid++;
            }
        }
        HostileMessages.Case last = messages.valid();
        send(server, last, expected);
        JsonObject finalAnswer = server.answer(normal(last.id()));
        assertTrue(finalAnswer.has("result") && finalAnswer.getAsJsonObject("result").has("checkpoints"),
                "the final valid request: " + finalAnswer);
        // Those still missing after this are listed, with the rest, by the check below.
        server.awaitAnswers(all -> all.keySet().containsAll(expected.keySet()), Duration.ofSeconds(60));
        Map<String, JsonObject> byId = server.answersById();
        double seconds = (System.nanoTime() - started) / 1e9;

        List<JsonObject> answers = server.answers();
        List<String> wrong = check(expected, answers, byId);
        long hostileExpectingAnswers = expected.values().stream()
                .filter(c -> !c.kind().equals("valid")).count();
        System.out.printf("JsonRpcFuzzTest: seed %d, %d hostile messages (%d of them requests that must get an"
                + " error), %d valid requests interleaved + 1 final; %d answers received, %d wrong, in %.1f s%n",
                seed, count, hostileExpectingAnswers, valid, answers.size(), wrong.size(), seconds);
        System.out.println("JsonRpcFuzzTest: hostile messages by kind: " + kinds);
        assertEquals(List.of(), server.problems(), "the server's output was not clean frames");
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " wrong answers");
        assertTrue(server.isAlive(), "the server died");

        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"bye\",\"method\":\"shutdown\"}");
        JsonObject bye = server.answer("\"bye\"");
        assertTrue(bye.has("result") && !bye.has("error"), bye.toString());
        server.exit();
        String log = server.stderr();
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

    private static void send(LspProcess server, HostileMessages.Case c, Map<String, HostileMessages.Case> expected)
            throws Exception {
        if (c.expectsAnswer()) {
            expected.put(normal(c.id()), c);
        }
        server.write(c.bytes());
        server.flush();
    }

    /** An id literal as gson writes it back, so a sent {@code "\u00e9"} and an answered {@code "é"} compare equal. */
    private static String normal(String idLiteral) {
        return JsonParser.parseString(idLiteral).toString();
    }

    private static String brief(JsonObject message) {
        String text = message.toString();
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
