package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.testing.AgentProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** ACP prompts are runs of the run core, through {@code agentls acp} on a real pipe: transcripts and the policy. */
@Tag("slow")
class AcpRunsTest {

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private ReplayServer model;

    @Test
    void eachPromptIsANumberedRunWithItsTranscriptAndDiffAfterTheWorkspacesEarlierRuns() throws Exception {
        model = agents.model(new OpenAiScript()
                .answer("", "write_to_file", OpenAiScript.arguments("target_file", "NOTES.md", "content",
                        "remember the milk\n"))
                .answer("Wrote the notes.")
                .answer("Nothing else to do.").transcript());
        Path root = Files.createDirectories(temp.resolve("ws"));
        // A run of another door (or process) before: the numbering goes on after it.
        Files.createDirectories(root.resolve(".agentls/runs"));
        Files.writeString(root.resolve(".agentls/runs/4.md"), "# an earlier run\n");
        try (AcpPipe agent = AcpPipe.start(agents, model)) {
            String session = newSession(agent, root);
            prompt(agent, session, "3", "write the notes");
            assertEquals("end_turn", agent.answer("3").path("result").path("stopReason").asText());
            prompt(agent, session, "4", "anything else?");
            assertEquals("end_turn", agent.answer("4").path("result").path("stopReason").asText());

            assertEquals("remember the milk\n", Files.readString(root.resolve("NOTES.md")));
            String first = Files.readString(root.resolve(".agentls/runs/5.md"));
            assertTrue(first.contains("write the notes"), first);
            assertTrue(Files.readString(root.resolve(".agentls/runs/5.diff")).contains("+remember the milk"));
            assertTrue(Files.readString(root.resolve(".agentls/runs/6.md")).contains("anything else?"));
        }
    }

    @Test
    void twoSessionsOverOneFolderNeverGiveTwoRunsOneNumber() throws Exception {
        model = agents.model(new OpenAiScript().answer("First.").answer("Second.").transcript());
        Path root = Files.createDirectories(temp.resolve("ws"));
        try (AcpPipe agent = AcpPipe.start(agents, model)) {
            String one = newSession(agent, root);
            agent.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + root
                    + "\",\"mcpServers\":[]}}");
            String two = agent.answer("7").path("result").path("sessionId").asText();
            prompt(agent, one, "3", "the first chat");
            assertEquals("end_turn", agent.answer("3").path("result").path("stopReason").asText());
            prompt(agent, two, "4", "the second chat");
            assertEquals("end_turn", agent.answer("4").path("result").path("stopReason").asText());

            assertTrue(Files.readString(root.resolve(".agentls/runs/1.md")).contains("the first chat"));
            assertTrue(Files.readString(root.resolve(".agentls/runs/2.md")).contains("the second chat"));
        }
    }

    @Test
    void aCommandTheWorkspaceAlwaysAllowsRunsWithoutAskingTheClient() throws Exception {
        model = agents.model(new OpenAiScript()
                .answer("", "execute_command", OpenAiScript.arguments("command", "echo one",
                        "requires_approval", "true"))
                .answer("Made it.").transcript());
        Path root = Files.createDirectories(temp.resolve("ws"));
        Files.createDirectories(root.resolve(".agentls"));
        Files.writeString(root.resolve(".agentls/settings.json"), "{\"alwaysAllow\": [\"echo one\"]}");
        try (AcpPipe agent = AcpPipe.start(agents, model)) {
            String session = newSession(agent, root);
            prompt(agent, session, "3", "make it");
            assertEquals("end_turn", agent.answer("3").path("result").path("stopReason").asText());

            String transcript = Files.readString(root.resolve(".agentls/runs/1.md"));
            assertTrue(transcript.contains("Allowed `echo one`: always allowed in .agentls/settings.json"), transcript);
            assertFalse(agent.seen.stream().anyMatch(m -> m.path("method").asText()
                    .equals("session/request_permission")), "the client was not asked");
        }
    }

    private static String newSession(AcpPipe agent, Path root) throws Exception {
        agent.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
        agent.answer("1");
        agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"" + root
                + "\",\"mcpServers\":[]}}");
        return agent.answer("2").path("result").path("sessionId").asText();
    }

    private static void prompt(AcpPipe agent, String session, String id, String text) throws Exception {
        agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
                + session + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}");
    }
}
