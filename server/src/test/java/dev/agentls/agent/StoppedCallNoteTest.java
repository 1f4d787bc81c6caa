package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.FileConversations;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call a crash left without a result is answered on load by what its tool can do: a call to a tool that changes no
 * files and runs nothing had no effect on files; a call that writes or runs a command may have taken effect, and the
 * model is told that is not known. Over the standard tool set and a conversation file on disk.
 */
class StoppedCallNoteTest {

    @TempDir
    Path temp;

    @Test
    void aStoppedReadOnlyCallHadNoEffectOnFilesAndAStoppedWriteOrCommandsEffectIsNotKnown() throws Exception {
        try (AgentHarness h = new AgentHarness(temp.resolve("ws"), new ModelScript(Provider.OPENAI,
                ToolMode.NATIVE))) {
            Map<String, String> calls = new LinkedHashMap<>();
            calls.put("read_file", "{\"target_file\":\"README.md\"}");
            calls.put("list_dir", "{\"relative_workspace_path\":\".\"}");
            calls.put("grep_search", "{\"query\":\"greet\"}");
            calls.put("file_search", "{\"query\":\"Greeter\"}");
            calls.put("list_code_definition_names", "{\"path\":\"src\"}");
            calls.put("write_to_file", "{\"target_file\":\"n.txt\",\"content\":\"x\"}");
            calls.put("execute_command", "{\"command\":\"make\",\"requires_approval\":true}");
            Conversation saved = new FileConversations(h.root, Clock.systemUTC()).create();
            saved.append("r1", new ModelMessage.User("go"));
            int n = 0;
            ModelMessage.Block[] blocks = new ModelMessage.Block[calls.size()];
            for (Map.Entry<String, String> call : calls.entrySet()) {
                blocks[n] = new ToolCall("call_" + n, call.getKey(), call.getValue());
                n++;
            }
            saved.append("r1", ModelMessage.Assistant.of(blocks));

            Conversation loaded = new FileConversations(h.root, Clock.systemUTC(), new StoppedCallNote(h.tools()))
                    .find(saved.id()).orElseThrow();

            List<ModelMessage.ToolResult> results = loaded.messages().stream().map(m -> m.message())
                    .filter(ModelMessage.ToolResult.class::isInstance).map(ModelMessage.ToolResult.class::cast)
                    .toList();
            assertEquals(List.copyOf(calls.keySet()), results.stream().map(ModelMessage.ToolResult::toolName)
                    .toList());
            for (ModelMessage.ToolResult result : results.subList(0, 5)) {
                assertEquals(result.toolName() + ": no result: the agent stopped during this call (it was killed or"
                        + " crashed) before its result was saved. " + result.toolName() + " changes no files and"
                        + " runs nothing, so the call had no effect on files; make it again if you still need its"
                        + " result.", result.content());
            }
            for (ModelMessage.ToolResult result : results.subList(5, 7)) {
                assertTrue(result.content().startsWith(result.toolName() + ": no result: the agent stopped during"
                        + " this call"), result.content());
                assertTrue(result.content().contains("Whether it took effect is not known"), result.content());
            }
        }
    }
}
