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
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tool interface a model meets, asserted on the request bodies the loopback model server received: native tools
 * described without XML, one parameter scheme ({@code path}, older names named as aliases), the XML examples only in
 * XML mode with a distinct id for every call, and write_to_file refusing a file the model has not read.
 */
@Tag("slow")
class ToolInterfaceRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GREETER = DirectRunTest.GREETER;

    @TempDir
    Path temp;

    private static String systemText(Provider provider, String body) throws Exception {
        JsonNode request = JSON.readTree(body);
        return provider == Provider.ANTHROPIC ? request.at("/system/0/text").asText()
                : request.at("/messages/0/content").asText();
    }

    /** Each native tool as sent: name to {description, schema}. */
    private static List<JsonNode[]> nativeTools(Provider provider, String body) throws Exception {
        List<JsonNode[]> tools = new java.util.ArrayList<>();
        for (JsonNode tool : JSON.readTree(body).path("tools")) {
            JsonNode definition = provider == Provider.ANTHROPIC ? tool : tool.path("function");
            JsonNode schema = provider == Provider.ANTHROPIC ? tool.path("input_schema")
                    : definition.path("parameters");
            tools.add(new JsonNode[] {definition.path("name"), definition.path("description"), schema});
        }
        return tools;
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void nativeToolsAreDescribedWithoutXmlAndTakeTheirFileAsPath(Provider provider) throws Exception {
        ModelScript script = new ModelScript(provider, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", GREETER))
                .calls("", call("attempt_completion", "result", "Read it."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            assertEquals(RunStatus.COMPLETED, h.run(RunRequest.of("Read the greeter")).status());

            String body = h.requestBodies().get(0);
            List<JsonNode[]> tools = nativeTools(provider, body);
            assertTrue(tools.size() >= 10, body);
            for (JsonNode[] tool : tools) {
                String name = tool[0].asText();
                assertFalse(tool[1].asText().contains("<" + name + ">"), name + ": " + tool[1]);
                assertFalse(tool[1].asText().contains("Example:"), name + ": " + tool[1]);
                // Every built-in description fits OpenAI's 1,024 characters whole.
                assertTrue(tool[1].asText().length() <= 1_024 && !tool[1].asText().contains("[description cut"),
                        name + ": " + tool[1].asText().length());
                assertFalse(tool[2].toString().contains("additionalProperties"), name + ": " + tool[2]);
                assertFalse(tool[2].toString().contains("maxLength"), name + ": " + tool[2]);
                if (Set.of("read_file", "write_to_file", "replace_in_file", "edit_file", "delete_file")
                        .contains(name)) {
                    assertTrue(tool[2].path("required").toString().contains("\"path\""), name + ": " + tool[2]);
                    assertEquals("object", tool[2].at("/properties/explanation").getNodeType().name().toLowerCase());
                    assertTrue(tool[2].at("/properties/path/description").asText()
                            .endsWith("Also accepted as target_file or file_path."), name + ": " + tool[2]);
                }
            }
            // The call under the old name worked: the file's text reached the model.
            assertTrue(h.requestBodies().get(1).contains("class Greeter"), h.requestBodies().get(1));
            assertFalse(systemText(provider, body).contains("<read_file>"));
        }
    }

    @ParameterizedTest
    @EnumSource(Provider.class)
    void xmlModeShowsEachToolsExampleAndGivesEveryCallItsOwnId(Provider provider) throws Exception {
        ModelScript script = new ModelScript(provider, ToolMode.XML)
                .calls("", call("read_file", "path", GREETER), call("read_file", "path", "README.md"))
                .calls("", call("read_file", "file_path", "scripts/stats.py"))
                .calls("", call("attempt_completion", "result", "Read them."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            assertEquals(RunStatus.COMPLETED, h.run(RunRequest.of("Read three files")).status());

            List<String> ids = h.all(AgentEvent.ToolCall.class).stream().map(AgentEvent.ToolCall::callId).toList();
            assertEquals(4, ids.size(), ids.toString());
            assertEquals(4, Set.copyOf(ids).size(), "every call its own id: " + ids);
            assertTrue(h.all(AgentEvent.ToolResult.class).stream().limit(3).allMatch(AgentEvent.ToolResult::ok),
                    h.all(AgentEvent.ToolResult.class).toString());

            String system = systemText(provider, h.requestBodies().get(0));
            assertTrue(system.contains("Example:\n<read_file>\n<path>src/main/java/demo/App.java</path>"), system);
            assertTrue(system.contains("- path (required, a string): The file to read, relative to the workspace"
                    + " root (or absolute inside it). Also accepted as target_file or file_path."), system);
            assertFalse(JSON.readTree(h.requestBodies().get(0)).has("tools"));
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aWriteOverAFileTheModelHasNotReadIsRefusedUntilItReadsIt(Provider provider, ToolMode mode) throws Exception {
        String whole = "package demo;\n\npublic class Greeter {\n}\n";
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("write_to_file", "path", GREETER, "content", whole))
                .calls("", call("read_file", "path", GREETER))
                .calls("", call("write_to_file", "path", GREETER, "content", whole))
                .calls("", call("attempt_completion", "result", "Rewrote the greeter."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            String before = java.nio.file.Files.readString(h.root.resolve(GREETER));
            RunOutcome outcome = h.run(RunRequest.of("Rewrite the greeter"));

            assertEquals(RunStatus.COMPLETED, outcome.status());
            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertFalse(results.get(0).ok());
            assertEquals("write_to_file: '" + GREETER + "' exists and has not been read in this conversation; read"
                    + " it with read_file first (or change parts of it with replace_in_file), so that none of its"
                    + " content is lost unseen. Nothing was written.", results.get(0).text());
            assertTrue(results.get(1).ok());
            assertTrue(results.get(2).ok(), results.get(2).text());
            assertEquals(1, h.all(AgentEvent.EditApplied.class).size(), "only the write after the read was applied");
            // XML mode drops the value's final line break as the tag closes; the content is the same.
            assertEquals(whole.strip(), h.file(GREETER).strip());
            assertFalse(before.equals(whole));
            // The model was told why, in the request after the refusal.
            assertTrue(h.requestBodies().get(1).contains("has not been read in this conversation"),
                    h.requestBodies().get(1));
        }
    }
}
