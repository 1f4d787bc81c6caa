package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.mcp.SdkTestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an ACP session offers beyond prompts, through {@code agentls acp} on real pipes: the client's MCP servers,
 * follow-up questions (elicitation, or the end of the turn), the folder's sessions listed and deleted, {@code /undo},
 * and the context's fill in usage updates. Message shapes follow the ACP v1 schema
 * (https://agentclientprotocol.com/protocol/v1/schema; session/delete: .../protocol/v1/session-delete).
 */
@Tag("slow")
class AcpSessionFeaturesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private ReplayServer model;

    @Test
    void theClientsStdioMcpServerJoinsTheSessionAndItsToolAnswersTheModel() throws Exception {
        start(new OpenAiScript()
                .answer("", "mcp__sdk__echo", OpenAiScript.arguments("text", "from the panel"))
                .answer("Echoed."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = agent()) {
            JsonNode init = initialize(agent, "{}");
            JsonNode mcp = init.path("result").path("agentCapabilities").path("mcpCapabilities");
            assertTrue(mcp.path("http").asBoolean(), init.toString());
            assertFalse(mcp.path("sse").asBoolean(), init.toString());
            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            ObjectNode server = JSON.createObjectNode().put("name", "sdk")
                    .put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
            server.putArray("args").add("-cp").add(classpath).add(SdkTestServer.class.getName());
            server.putArray("env").addObject().put("name", "ACP_TEST").put("value", "1");
            String session = newSession(agent, root, "[" + server + "]");
            assertEquals("end_turn", prompt(agent, session, 3, "echo it"));
            JsonNode done = update(agent, "tool_call_update");
            assertEquals("completed", done.path("status").asText(), done.toString());
            assertTrue(done.toString().contains("echo: from the panel"), done.toString());
        }
    }

    @Test
    void anSseMcpServerIsRefusedNamingItsPlaceAndTheTransport() throws Exception {
        start(new OpenAiScript().answer("unused"));
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = agent()) {
            initialize(agent, "{}");
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + root
                    + "\",\"mcpServers\":[{\"type\":\"sse\",\"name\":\"old\",\"url\":\"http://127.0.0.1:1/sse\","
                    + "\"headers\":[]}]}}");
            JsonNode error = agent.answer("2").path("error");
            assertEquals(-32602, error.path("code").asInt(), error.toString());
            assertTrue(error.path("message").asText().contains("mcpServers[0] ('old')"), error.toString());
            assertTrue(error.path("message").asText().contains("SSE"), error.toString());
            assertFalse(Files.exists(root.resolve(".agentls")), "no session was made");
            assertTrue(agent.alive());
        }
    }

    @Test
    void aFollowupQuestionIsAnElicitationWhenTheClientOffersFormsAndTheAnswerReachesTheModel() throws Exception {
        start(new OpenAiScript()
                .answer("", "ask_followup_question", OpenAiScript.arguments("question", "Which colour?",
                        "options", "[\"Blue\",\"Red\"]"))
                .answer("Blue it is."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = agent()) {
            initialize(agent, "{\"elicitation\":{\"form\":{}}}");
            String session = newSession(agent, root, "[]");
            agent.send(promptLine(session, 3, "paint it"));
            JsonNode asked = agent.next(m -> m.path("method").asText().equals("elicitation/create"));
            JsonNode params = asked.path("params");
            assertEquals(session, params.path("sessionId").asText());
            assertEquals("form", params.path("mode").asText());
            assertEquals("Which colour?", params.path("message").asText());
            assertEquals("string", params.path("requestedSchema").path("properties").path("answer").path("type")
                    .asText(), params.toString());
            assertTrue(params.path("requestedSchema").toString().contains("Blue / Red"), params.toString());
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + asked.get("id") + ",\"result\":{\"action\":\"accept\","
                    + "\"content\":{\"answer\":\"Blue\"}}}");
            assertEquals("end_turn", agent.answer("3").path("result").path("stopReason").asText());
            JsonNode done = updateBefore(agent, "tool_call_update");
            assertTrue(done.toString().contains("The user answered: Blue"), done.toString());
            assertTrue(model.requests().get(1).body().contains("The user answered: Blue"));
        }
    }

    @Test
    void withoutElicitationAFollowupQuestionEndsTheTurnAsTheAgentsMessage() throws Exception {
        start(new OpenAiScript()
                .answer("", "ask_followup_question", OpenAiScript.arguments("question", "Which colour?"))
                .answer("NOT-THIS-TURN")
                .answer("Blue, then."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = agent()) {
            initialize(agent, "{}");
            String session = newSession(agent, root, "[]");
            assertEquals("end_turn", prompt(agent, session, 3, "paint it"));
            String shown = text(agent.seen);
            assertTrue(shown.contains("Which colour?"), shown);
            assertFalse(shown.contains("NOT-THIS-TURN"), "the run went on after the question: " + shown);
            assertFalse(agent.seen.stream().anyMatch(m -> m.path("method").asText().equals("elicitation/create")));
            assertEquals(1, model.requests().size(), "one model call in the turn");
        }
    }

    @Test
    void aPlansApprovalIsAPermissionRequestNotAFollowupQuestion() throws Exception {
        start(new OpenAiScript()
                .answer("", "create_plan", "{\"goal\":\"Tidy\",\"steps\":[{\"title\":\"Read the notes\","
                        + "\"description\":\"read\"},{\"title\":\"Sort them\",\"description\":\"sort\"}]}")
                .answer("Approved, starting."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = agent()) {
            initialize(agent, "{}");
            String session = newSession(agent, root, "[]");
            assertEquals("end_turn", prompt(agent, session, 3, "/plan tidy the notes"));
            JsonNode asked = agent.seen.stream().filter(m -> m.path("method").asText()
                    .equals("session/request_permission")).findFirst().orElseThrow(() -> new AssertionError(
                    "no permission request: " + agent.seen));
            assertEquals("Approve this plan?", asked.path("params").path("toolCall").path("title").asText());
            assertTrue(asked.path("params").toString().contains("Read the notes"), asked.toString());
            assertFalse(text(agent.seen).contains("Approve this plan?"), "not shown as a question that ends the turn");
            assertTrue(text(agent.seen).contains("Approved, starting."), text(agent.seen));
        }
    }

    @Test
    void sessionListShowsAnEarlierProcessesConversationsAndDeleteRemovesOne() throws Exception {
        start(new OpenAiScript().answer("First answer.").answer("Second answer."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        String kept;
        String deleted;
        try (AcpPipe first = agent()) {
            initialize(first, "{}");
            kept = newSession(first, root, "[]");
            assertEquals("end_turn", prompt(first, kept, 3, "keep me"));
            first.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + root
                    + "\",\"mcpServers\":[]}}");
            deleted = first.answer("4").path("result").path("sessionId").asText();
            assertEquals("end_turn", prompt(first, deleted, 5, "delete me"));
        }
        try (AcpPipe second = agent()) {
            JsonNode init = initialize(second, "{}");
            JsonNode sessions = init.path("result").path("agentCapabilities").path("sessionCapabilities");
            assertTrue(sessions.path("list").isObject() && sessions.path("delete").isObject(), init.toString());
            List<String> listed = list(second, root, 2);
            assertTrue(listed.containsAll(List.of(kept, deleted)), listed.toString());
            second.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session/delete\",\"params\":{\"sessionId\":\""
                    + deleted + "\"}}");
            assertTrue(second.answer("3").path("result").isObject());
            List<String> after = list(second, root, 4);
            assertTrue(after.contains(kept) && !after.contains(deleted), after.toString());
            assertFalse(Files.exists(root.resolve(".agentls/acp/" + deleted + ".jsonl")));
            second.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"session/load\",\"params\":{\"sessionId\":\""
                    + deleted + "\",\"cwd\":\"" + root + "\",\"mcpServers\":[]}}");
            assertEquals(-32002, second.answer("5").path("error").path("code").asInt());
            second.send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"session/delete\",\"params\":{\"sessionId\":"
                    + "\"../../outside\"}}");
            assertTrue(second.answer("6").path("result").isObject(), "an unknown id is deleted silently");
        }
    }

    @Test
    void undoRestoresTheFilesTheLastRunChangedAndIsAdvertised() throws Exception {
        start(new OpenAiScript()
                .answer("", "read_file", OpenAiScript.arguments("path", "notes.txt"))
                .answer("", "write_to_file", OpenAiScript.arguments("path", "notes.txt", "content", "changed\n"),
                        "write_to_file", OpenAiScript.arguments("path", "made.txt", "content", "new\n"))
                .answer("Changed."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        Files.writeString(root.resolve("notes.txt"), "original\n");
        try (AcpPipe agent = agent()) {
            initialize(agent, "{}");
            String session = newSession(agent, root, "[]");
            JsonNode commands = update(agent, "available_commands_update");
            assertTrue(commands.toString().contains("\"name\":\"undo\""), commands.toString());
            assertEquals("end_turn", prompt(agent, session, 3, "change it"));
            assertEquals("changed\n", Files.readString(root.resolve("notes.txt")), agent.seen.toString());
            assertTrue(Files.exists(root.resolve("made.txt")));
            int before = agent.seen.size();
            assertEquals("end_turn", prompt(agent, session, 4, "/undo"));
            assertEquals("original\n", Files.readString(root.resolve("notes.txt")));
            assertFalse(Files.exists(root.resolve("made.txt")), "the file the run made is gone");
            String said = text(agent.seen.subList(before, agent.seen.size()));
            assertTrue(said.contains("Undid the last run: restored ") && said.contains("notes.txt")
                    && said.contains("made.txt"), said);
            before = agent.seen.size();
            assertEquals("end_turn", prompt(agent, session, 5, "/undo"));
            assertTrue(text(agent.seen.subList(before, agent.seen.size())).contains("Nothing to undo"));
            assertEquals("original\n", Files.readString(root.resolve("notes.txt")));
        }
    }

    @Test
    void usageUpdatesReportEachCallsContextFillOfTheWindowNotTheRunsTotal() throws Exception {
        start(new OpenAiScript()
                .answer("", "list_dir", OpenAiScript.arguments("path", "."))
                .answer("Listed."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = agent("--context-window", "50000")) {
            initialize(agent, "{}");
            String session = newSession(agent, root, "[]");
            assertEquals("end_turn", prompt(agent, session, 3, "list it"));
            List<JsonNode> usage = agent.seen.stream().filter(m -> m.path("params").path("update")
                    .path("sessionUpdate").asText().equals("usage_update")).map(m -> m.path("params")
                    .path("update")).toList();
            assertEquals(2, usage.size(), usage.toString());
            // Each scripted call is sent 100 tokens and writes 20: the run's totals grow to 240, the fill stays 120.
            for (JsonNode each : usage) {
                assertEquals(120, each.path("used").asLong(), each.toString());
                assertEquals(50000, each.path("size").asLong(), each.toString());
            }
        }
    }

    @Test
    void withTheClientsTerminalACommandRunsThereAndItsOutputReachesTheModel() throws Exception {
        start(new OpenAiScript()
                .answer("", "execute_command", OpenAiScript.arguments("command", "touch agent-ran.txt && echo hi",
                        "requires_approval", "true"))
                .answer("Ran."));
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = agent()) {
            initialize(agent, "{\"terminal\":true}");
            String session = newSession(agent, root, "[]");
            agent.send(promptLine(session, 3, "run it"));
            List<String> asked = new ArrayList<>();
            JsonNode created = null;
            while (true) {
                JsonNode m = agent.next(x -> x.path("method").asText().startsWith("terminal/")
                        || x.path("method").asText().equals("session/request_permission")
                        || (!x.has("method") && x.path("id").asInt() == 3));
                String method = m.path("method").asText();
                if (method.isEmpty()) {
                    assertEquals("end_turn", m.path("result").path("stopReason").asText(), m.toString());
                    break;
                }
                asked.add(method);
                String result = switch (method) {
                    case "session/request_permission" -> "{\"outcome\":{\"outcome\":\"selected\","
                            + "\"optionId\":\"allow_once\"}}";
                    case "terminal/create" -> {
                        created = m.path("params");
                        yield "{\"terminalId\":\"term-1\"}";
                    }
                    case "terminal/wait_for_exit" -> "{\"exitCode\":0}";
                    case "terminal/output" -> "{\"output\":\"FROM-THE-CLIENTS-TERMINAL\\n\",\"truncated\":false,"
                            + "\"exitStatus\":{\"exitCode\":0}}";
                    default -> "{}";
                };
                agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + m.get("id") + ",\"result\":" + result + "}");
            }
            assertEquals(List.of("session/request_permission", "terminal/create", "terminal/wait_for_exit",
                    "terminal/output", "terminal/release"), asked);
            assertEquals("bash", created.path("command").asText());
            assertEquals("[\"-c\",\"touch agent-ran.txt && echo hi\"]", created.path("args").toString());
            assertEquals(root.toString(), created.path("cwd").asText());
            assertFalse(Files.exists(root.resolve("agent-ran.txt")), "the agent ran nothing itself");
            assertTrue(agent.seen.stream().anyMatch(m -> isUpdate(m, "tool_call_update") && m.path("params")
                    .path("update").path("content").path(0).path("terminalId").asText().equals("term-1")),
                    "the tool call showed the terminal");
            assertTrue(model.requests().get(1).body().contains("FROM-THE-CLIENTS-TERMINAL"),
                    "the terminal's output reached the model");
        }
    }

    private void start(OpenAiScript script) throws Exception {
        model = agents.model(script.transcript());
    }

    private AcpPipe agent(String... more) throws Exception {
        return AcpPipe.start(agents, model, more);
    }

    private static JsonNode initialize(AcpPipe agent, String capabilities) throws Exception {
        agent.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1,"
                + "\"clientCapabilities\":" + capabilities + "}}");
        return agent.answer("1");
    }

    private static String newSession(AcpPipe agent, Path root, String servers) throws Exception {
        agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + root
                + "\",\"mcpServers\":" + servers + "}}");
        JsonNode answer = agent.answer("2");
        assertTrue(answer.path("result").has("sessionId"), answer.toString());
        return answer.path("result").path("sessionId").asText();
    }

    private static String promptLine(String session, int id, String text) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
                + session + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
    }

    /** Sends a prompt, allows once whatever it asks permission for, and gives its stop reason. */
    private static String prompt(AcpPipe agent, String session, int id, String text) throws Exception {
        agent.send(promptLine(session, id, text));
        JsonNode answer;
        while (true) {
            answer = agent.next(m -> m.path("method").asText().equals("session/request_permission")
                    || (!m.has("method") && m.path("id").asInt() == id));
            if (!answer.has("method")) {
                break;
            }
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + answer.get("id") + ",\"result\":{\"outcome\":{"
                    + "\"outcome\":\"selected\",\"optionId\":\"allow_once\"}}}");
        }
        assertTrue(answer.has("result"), answer + "\n" + agent.stderr());
        return answer.path("result").path("stopReason").asText();
    }

    private static List<String> list(AcpPipe agent, Path root, int id) throws Exception {
        agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/list\",\"params\":{\"cwd\":\"" + root
                + "\"}}");
        List<String> ids = new ArrayList<>();
        agent.answer(String.valueOf(id)).path("result").path("sessions").forEach(s -> {
            assertEquals(root.toString(), s.path("cwd").asText());
            ids.add(s.path("sessionId").asText());
        });
        return ids;
    }

    /** The first update of this kind seen so far. */
    private static JsonNode update(AcpPipe agent, String kind) throws Exception {
        JsonNode before = updateBefore(agent, kind);
        return before != null ? before : agent.next(m -> isUpdate(m, kind)).path("params").path("update");
    }

    private static JsonNode updateBefore(AcpPipe agent, String kind) {
        return agent.seen.stream().filter(m -> isUpdate(m, kind)).findFirst()
                .map(m -> m.path("params").path("update")).orElse(null);
    }

    private static boolean isUpdate(JsonNode message, String kind) {
        return message.path("method").asText().equals("session/update")
                && message.path("params").path("update").path("sessionUpdate").asText().equals(kind);
    }

    private static String text(List<JsonNode> messages) {
        StringBuilder text = new StringBuilder();
        messages.stream().filter(m -> isUpdate(m, "agent_message_chunk"))
                .forEach(m -> text.append(m.path("params").path("update").path("content").path("text").asText()));
        return text.toString();
    }
}
