package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.testing.AgentProcesses;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and malformed input to {@code agentls acp} over a real pipe: each gets a JSON-RPC error that says what was
 * wrong, the process stays alive and answers the next request, and no file changes.
 */
@Tag("slow")
class AcpBadInputTest {

    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":1,\"clientCapabilities\":{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true}}}}";

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private ReplayServer model;

    @Test
    void refusesRequestsBeforeInitializeAndServesThemAfter() throws Exception {
        try (AcpPipe agent = AcpPipe.start(agents)) {
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"session/list\",\"params\":{}}");
            JsonNode refused = agent.answer("5");
            assertEquals(-32600, refused.path("error").path("code").asInt());
            assertTrue(refused.path("error").path("message").asText().contains("before initialize"), refused.toString());
            agent.send(INIT);
            assertEquals(1, agent.answer("1").path("result").path("protocolVersion").asInt());
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"session/list\",\"params\":{}}");
            assertTrue(agent.answer("6").path("result").path("sessions").isArray());
        }
    }

    @Test
    void answersMalformedLinesWithParseErrorsAndStaysAlive() throws Exception {
        try (AcpPipe agent = AcpPipe.start(agents)) {
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":");
            JsonNode parse = agent.next(m -> m.has("error"));
            assertEquals(-32700, parse.path("error").path("code").asInt());
            assertTrue(parse.path("error").path("message").asText().contains("line 1 is not JSON"), parse.toString());
            assertTrue(parse.get("id").isNull());
            agent.send("[1,2,3]");
            JsonNode array = agent.next(m -> m.has("error"));
            assertEquals(-32600, array.path("error").path("code").asInt());
            assertTrue(array.path("error").path("message").asText().contains("not a JSON-RPC object"));
            agent.send("\u00ff\u00fe not json at all");
            assertEquals(-32700, agent.next(m -> m.has("error")).path("error").path("code").asInt());
            agent.send(INIT);
            assertEquals(1, agent.answer("1").path("result").path("protocolVersion").asInt());
            assertTrue(agent.alive());
        }
    }

    @Test
    void answersUnknownMethodsWithMethodNotFound() throws Exception {
        try (AcpPipe agent = AcpPipe.start(agents)) {
            agent.send(INIT);
            agent.answer("1");
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/teleport\",\"params\":{}}");
            JsonNode unknown = agent.answer("2");
            assertEquals(-32601, unknown.path("error").path("code").asInt());
            assertTrue(unknown.path("error").path("message").asText().contains("'session/teleport' is not offered"));
            agent.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/teleported\",\"params\":{}}");
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session/list\",\"params\":{}}");
            assertTrue(agent.answer("3").has("result"), "an unknown notification is ignored, the next answered");
        }
    }

    @Test
    void skipsAHundredMegabyteLineWithAClearErrorAndStaysAlive() throws Exception {
        try (AcpPipe agent = AcpPipe.start(agents)) {
            OutputStream in = agent.stdin();
            in.write("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"initialize\",\"params\":{\"x\":\""
                    .getBytes(StandardCharsets.UTF_8));
            byte[] chunk = new byte[1024 * 1024];
            Arrays.fill(chunk, (byte) 'a');
            for (int i = 0; i < 100; i++) {
                in.write(chunk);
            }
            in.write("\"}}\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            JsonNode tooLong = agent.next(m -> m.has("error"));
            assertEquals(-32600, tooLong.path("error").path("code").asInt());
            String message = tooLong.path("error").path("message").asText();
            assertTrue(message.contains("over the limit") && message.contains("skipped"), message);
            agent.send(INIT);
            assertEquals(1, agent.answer("1").path("result").path("protocolVersion").asInt());
        }
    }

    @Test
    void echoesStringNumberAndNullIdsAndRefusesOtherIds() throws Exception {
        try (AcpPipe agent = AcpPipe.start(agents)) {
            agent.send(INIT);
            agent.answer("1");
            for (String id : new String[] {"\"abc\"", "\"\"", "0", "-7", "12345678901234567890", "1.5", "null"}) {
                agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/list\",\"params\":{}}");
                assertTrue(agent.answer(id).has("result"), "id " + id);
            }
            for (String id : new String[] {"{\"a\":1}", "[1]", "true"}) {
                agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/list\",\"params\":{}}");
                JsonNode refused = agent.next(m -> m.has("error"));
                assertEquals(-32600, refused.path("error").path("code").asInt(), id);
                assertTrue(refused.path("error").path("message").asText().contains("must be a string or a number"));
                assertTrue(refused.get("id").isNull());
            }
        }
    }

    @Test
    void refusesADuplicateIdWhileItsRequestIsInFlightAndCancelsCleanly() throws Exception {
        model = agents.model(new OpenAiScript().answerAfter(60_000, "too late").transcript());
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = AcpPipe.start(agents, model)) {
            agent.send(INIT);
            agent.answer("1");
            String session = newSession(agent, root);
            agent.send(prompt(7, session, "wait"));
            agent.next(m -> m.path("method").asText().equals("session/update"));
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/list\",\"params\":{}}");
            JsonNode duplicate = agent.next(m -> m.has("error"));
            assertEquals(-32600, duplicate.path("error").path("code").asInt());
            assertTrue(duplicate.path("error").path("message").asText().contains("duplicate id 7"));
            agent.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + session
                    + "\"}}");
            assertEquals("cancelled", agent.answer("7").path("result").path("stopReason").asText());
        }
    }

    @Test
    void aClientAnsweringFsWithErrorsGetsTheEditRefusedAndTheDiskUnchanged() throws Exception {
        model = agents.model(new OpenAiScript()
                .answer("", "replace_in_file", OpenAiScript.arguments("path", "a.txt",
                        "diff", "------- SEARCH\none\n=======\ntwo\n+++++++ REPLACE"))
                .answer("I could not.").transcript());
        Path root = Files.createDirectories(temp.resolve("ws"));
        Files.writeString(root.resolve("a.txt"), "one\n");
        try (AcpPipe agent = AcpPipe.start(agents, model)) {
            agent.send(INIT);
            agent.answer("1");
            String session = newSession(agent, root);
            agent.send(prompt(3, session, "edit a.txt"));
            for (String method : new String[] {"fs/read_text_file", "fs/write_text_file"}) {
                JsonNode asked = agent.next(m -> m.path("method").asText().equals(method));
                assertEquals(root.resolve("a.txt").toString(), asked.path("params").path("path").asText());
                agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + asked.get("id") + ",\"error\":{\"code\":-32603,"
                        + "\"message\":\"buffer is read-only\"}}");
            }
            JsonNode failed = agent.next(m -> m.path("params").path("update").path("status").asText()
                    .equals("failed"));
            String shown = failed.path("params").path("update").path("content").toString();
            assertTrue(shown.contains("the editor refused to write") && shown.contains("buffer is read-only"), shown);
            assertEquals("end_turn", agent.answer("3").path("result").path("stopReason").asText());
            assertEquals("one\n", Files.readString(root.resolve("a.txt")));
            assertTrue(agent.alive());
        }
    }

    private static String newSession(AcpPipe agent, Path root) throws Exception {
        agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + root
                + "\",\"mcpServers\":[]}}");
        return agent.answer("2").path("result").path("sessionId").asText();
    }

    private static String prompt(int id, String session, String text) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
                + session + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
    }
}
