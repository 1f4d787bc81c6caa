package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.testing.AgentProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Approvals over ACP, through {@code agentls acp} on a real pipe: session/request_permission and its withdrawal. */
@Tag("slow")
class AcpPermissionTest {

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private ReplayServer model;

    @Test
    void anUnansweredPermissionWaitsUntilCancelWithdrawsItAndNothingRuns() throws Exception {
        model = agents.model(new OpenAiScript()
                .answer("", "execute_command", OpenAiScript.arguments("command", "touch made.txt",
                        "requires_approval", "true"))
                .answer("not reached").transcript());
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = AcpPipe.start(agents, model)) {
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
            agent.answer("1");
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + root
                    + "\",\"mcpServers\":[]}}");
            String session = agent.answer("2").path("result").path("sessionId").asText();
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
                    + session + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"make it\"}]}}");
            JsonNode asked = agent.next(m -> m.path("method").asText().equals("session/request_permission"));
            List<String> kinds = new ArrayList<>();
            asked.path("params").path("options").forEach(o -> kinds.add(o.path("kind").asText()));
            assertEquals(List.of("allow_once", "allow_always", "reject_once"), kinds);
            assertTrue(asked.path("params").path("toolCall").path("title").asText().contains("touch made.txt")
                    || asked.toString().contains("touch made.txt"), asked.toString());
            // Nothing answers it: the run waits (the prompt is not answered) until the user cancels.
            agent.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + session
                    + "\"}}");
            JsonNode withdrawn = agent.next(m -> m.path("method").asText().equals("$/cancel_request"));
            assertEquals(asked.get("id").asLong(), withdrawn.path("params").path("requestId").asLong());
            assertEquals("cancelled", agent.answer("3").path("result").path("stopReason").asText());
            assertFalse(agent.seen.stream().anyMatch(m -> m.path("id").asInt() == 3 && m.has("error")));
            assertFalse(Files.exists(root.resolve("made.txt")));
        }
    }
}
