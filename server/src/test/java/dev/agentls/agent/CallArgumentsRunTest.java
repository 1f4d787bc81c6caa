package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.tools.ToolKind;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool call's arguments as listeners get them on its {@code tool_call} event: read once by the run, with what the
 * tool reads in them (its kind, the file under any name the tool accepts), the text kept verbatim, and no way for a
 * listener to change what others see.
 */
class CallArgumentsRunTest {

    @TempDir
    Path temp;

    @Test
    void aFileGivenUnderAnAcceptedAliasIsTheCallsFileForEveryListener() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("write_to_file", "file_path", "notes/new.txt", "content", "hello\n"))
                .calls("", call("read_file", "target_file", "notes/new.txt"))
                .calls("", call("attempt_completion", "result", "Wrote the notes."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.run(RunRequest.of("write notes"));

            AgentEvent.ToolCall write = h.all(AgentEvent.ToolCall.class).get(0);
            assertEquals(Optional.of("notes/new.txt"), write.arguments().file());
            assertEquals(ToolKind.EDIT, write.arguments().kind());
            assertEquals(Optional.of("writing"), write.arguments().verb());
            assertEquals(Optional.of("hello\n"), write.arguments().string("content"));
            AgentEvent.ToolCall read = h.all(AgentEvent.ToolCall.class).get(1);
            assertEquals(Optional.of("notes/new.txt"), read.arguments().file());
            assertEquals(ToolKind.READ, read.arguments().kind());
            assertEquals(Optional.of("notes/new.txt"), read.arguments().subject());
            assertTrue(h.all(AgentEvent.ToolResult.class).get(0).ok(), "the tool got the same reading");
            assertEquals("hello\n", h.file("notes/new.txt"));
        }
    }

    @Test
    void aListenerChangingItsCopyChangesNothingOthersSee() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("read_file", "path", "missing.txt"))
                .calls("", call("attempt_completion", "result", "Done."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.run(RunRequest.of("read it"));

            CallArguments arguments = h.all(AgentEvent.ToolCall.class).get(0).arguments();
            ObjectNode copy = arguments.copy().orElseThrow();
            copy.put("path", "elsewhere.txt");
            assertEquals(Optional.of("missing.txt"), arguments.string("path"));
            assertEquals("missing.txt", arguments.copy().orElseThrow().path("path").asText());
            assertEquals(Optional.of("missing.txt"), arguments.file());
        }
    }

    @Test
    void malformedArgumentsReachListenersVerbatimWithNothingReadInThem() throws Exception {
        String malformed = "{\"path\": \"a.txt\",";
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .rawCall("read_file", malformed)
                .calls("", call("attempt_completion", "result", "Done."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.run(RunRequest.of("read it"));

            CallArguments arguments = h.all(AgentEvent.ToolCall.class).get(0).arguments();
            assertEquals(malformed, arguments.text());
            assertFalse(arguments.parsed());
            assertEquals(Optional.empty(), arguments.file());
            assertEquals(ToolKind.READ, arguments.kind(), "the tool is still known");
            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertFalse(result.ok());
            assertTrue(result.text().startsWith("read_file: the arguments are not valid JSON"), result.text());
            assertEquals(malformed, AgentEventJson.toJson(h.all(AgentEvent.ToolCall.class).get(0))
                    .get("arguments").asText(), "the wire keeps the text as the model wrote it");
        }
    }
}
