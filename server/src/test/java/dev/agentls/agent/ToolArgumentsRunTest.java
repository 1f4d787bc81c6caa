package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A tool call whose arguments are not exactly one JSON object, or that names no tool, is refused to the model with
 * the reason, nothing runs, and the run goes on (a scripted model over loopback HTTP, both providers' streams).
 */
class ToolArgumentsRunTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @EnumSource(Provider.class)
    void argumentsWithTrailingJunkAfterTheObjectAreRefusedAndNotRun(Provider provider) throws Exception {
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE)
                .rawCall("write_to_file", "{\"target_file\":\"made.txt\",\"content\":\"x\"} rm -rf /")
                .text("Refused.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Write"));

            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertFalse(result.ok());
            assertTrue(result.text().startsWith("write_to_file: the arguments have text after the JSON object (from"
                    + " character 40); send one JSON object and nothing else; the call was not run"), result.text());
            assertFalse(Files.exists(h.root.resolve("made.txt")));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aTenThousandDeepObjectIsNamedADepthError(Provider provider) throws Exception {
        String deep = "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000);
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE).rawCall("read_file", deep).text("Ok.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Read"));

            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertFalse(result.ok());
            assertTrue(result.text().startsWith("read_file: the arguments nest deeper than " + ToolArguments.MAX_DEPTH
                    + " levels; send a flat object"), result.text());
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void aNamelessToolCallIsAnErrorToTheModelNotAFailedRun(Provider provider) throws Exception {
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE)
                .rawCall("", "{\"target_file\":\"x\"}")
                .calls("", call("read_file", "target_file", DirectRunTest.GREETER, "start_line", 1, "end_line", 1))
                .text("package demo.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Which package?"));

            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertFalse(results.get(0).ok());
            assertTrue(results.get(0).text().startsWith("the tool call has no name, so nothing was run (it is kept as"
                    + " invalid_tool_call); call one of the tools by its name: "), results.get(0).text());
            assertTrue(results.get(0).text().contains("read_file"), results.get(0).text());
            assertTrue(results.get(1).ok());
            assertEquals(RunStatus.COMPLETED, outcome.status());
            // The next requests carry the nameless call under a name, with its result: OpenAI refuses an empty
            // function.name (https://github.com/continuedev/continue/issues/9784), and providers that check the
            // names of past calls refuse them too (https://github.com/mastra-ai/mastra/issues/13632).
            for (String body : h.requestBodies().subList(1, h.requestBodies().size())) {
                assertEveryCallNamedAndAnswered(provider, new ObjectMapper().readTree(body));
            }
            assertTrue(h.requestBodies().get(1).contains("invalid_tool_call"), h.requestBodies().get(1));
        }
    }

    /** Every past call in {@code request} has a non-empty name and a result. */
    private static void assertEveryCallNamedAndAnswered(Provider provider, JsonNode request) {
        Set<String> calls = new HashSet<>();
        Set<String> answered = new HashSet<>();
        for (JsonNode message : request.path("messages")) {
            if (provider == Provider.OPENAI) {
                for (JsonNode call : message.path("tool_calls")) {
                    assertFalse(call.path("function").path("name").asText().isEmpty(), message.toString());
                    calls.add(call.path("id").asText());
                }
                if (message.path("role").asText().equals("tool")) {
                    answered.add(message.path("tool_call_id").asText());
                }
            } else {
                for (JsonNode block : message.path("content")) {
                    if (block.path("type").asText().equals("tool_use")) {
                        assertFalse(block.path("name").asText().isEmpty(), message.toString());
                        calls.add(block.path("id").asText());
                    } else if (block.path("type").asText().equals("tool_result")) {
                        answered.add(block.path("tool_use_id").asText());
                    }
                }
            }
        }
        assertFalse(calls.isEmpty(), request.toString());
        assertEquals(calls, answered, request.toString());
    }
}
