package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DirectRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String GREETER = "src/main/java/demo/Greeter.java";
    static final String FIX = """
            ------- SEARCH
                    return greeting + ", " + name + "!";
            =======
                    return greeting + ", " + name.strip() + "!";
            +++++++ REPLACE""";

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void readsEditsAndCompletesWithTheExactEventSequence(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("Reading the greeter.", call("read_file", "target_file", GREETER, "explanation", "see it"))
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", FIX))
                .calls("", call("attempt_completion", "result", "Names are stripped before greeting."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Strip names before greeting them"));

            assertEquals(List.of("run_started", "text", "token_usage", "tool_call", "tool_result",
                    "token_usage", "tool_call", "tool_result", "edit_applied",
                    "token_usage", "tool_call", "tool_result", "completion", "run_finished"), h.types());
            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertEquals("Names are stripped before greeting.", outcome.text());
            assertEquals(3, outcome.iterations());
            assertEquals(RunMode.DIRECT, h.all(AgentEvent.RunStarted.class).get(0).mode());
            assertEquals("see it", h.all(AgentEvent.ToolCall.class).get(0).explanation());
            assertTrue(h.file(GREETER).contains("name.strip()"), h.file(GREETER));
            AgentEvent.EditApplied edit = h.all(AgentEvent.EditApplied.class).get(0);
            assertEquals(GREETER, edit.file());
            assertEquals(1, edit.added());
            assertEquals(1, edit.removed());
            assertFalse(edit.checkpointId().isEmpty());
            assertEquals(300, outcome.usage().input());
            assertEquals(60, outcome.usage().output());
            AgentEvent.RunFinished finished = h.all(AgentEvent.RunFinished.class).get(0);
            assertEquals(RunStatus.COMPLETED, finished.status());

            // The model read the file's content in the second request, and every request starts with the same bytes.
            List<String> bodies = h.requestBodies();
            assertEquals(3, bodies.size());
            assertTrue(bodies.get(1).contains("name + \\\"!\\\""), bodies.get(1));
            String system = systemOf(provider, bodies.get(0));
            for (String body : bodies) {
                assertEquals(system, systemOf(provider, body));
            }
            assertTrue(system.contains("------- SEARCH"), system);
            for (int i = 1; i < bodies.size(); i++) {
                JsonNode before = messagesOf(provider, bodies.get(i - 1));
                JsonNode after = messagesOf(provider, bodies.get(i));
                for (int m = 0; m < before.size(); m++) {
                    assertEquals(before.get(m), after.get(m), "request " + i + " keeps message " + m + " as it was");
                }
            }
            assertEquals(mode == ToolMode.XML, system.contains("<read_file>"), "XML tools described in XML mode only");
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void anAnswerWithNoToolCallEndsTheRunWithItsText(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode).text("Greeter greets people by name.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("What does Greeter do?"));

            assertEquals(List.of("run_started", "text", "token_usage", "completion", "run_finished"), h.types());
            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertEquals("Greeter greets people by name.", outcome.text());
        }
    }

    /**
     * The messages of a request body as the model reads them: Anthropic's cache_control breakpoint moves to the end
     * of the history at each step (that is how the cache is extended; the marker is not part of the cached content).
     */
    static JsonNode messagesOf(Provider provider, String body) throws Exception {
        JsonNode messages = JSON.readTree(body).path("messages");
        for (JsonNode message : messages) {
            for (JsonNode block : message.path("content")) {
                if (block instanceof com.fasterxml.jackson.databind.node.ObjectNode object) {
                    object.remove("cache_control");
                }
            }
        }
        return messages;
    }

    static String systemOf(Provider provider, String body) throws Exception {
        JsonNode request = JSON.readTree(body);
        return provider == Provider.ANTHROPIC ? request.path("system").toString()
                : request.path("messages").get(0).toString();
    }
}
