package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.AgentSettings;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.ContextHistory;
import dev.agentls.conversation.FileConversations;
import dev.agentls.outline.TokenCounter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Conversations persisted under .agentls/conversations/ (issue 12): a conversation resumed by a restarted server
 * (a new agent and store reading only the file) sends exactly the request the running server would have sent.
 */
@Tag("slow")
class ConversationRestartTest {

    @TempDir
    Path temp;

    private static ContextHistory history() {
        return new ContextHistory(TokenCounter.forModel("test-model"), 100_000, Agent.HISTORY_TOOLS);
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aResumedConversationAfterARestartSendsAByteIdenticalNextRequest(Provider provider, ToolMode mode)
            throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("Reading it.", call("read_file", "target_file", DirectRunTest.GREETER, "explanation", "look"))
                .calls("Once more.", call("read_file", "target_file", DirectRunTest.GREETER, "explanation", "again"))
                .thinkingThenText("all seen", "It greets by name.")
                .text("Second answer.")
                .text("Second answer.");
        try (AgentHarness h = new AgentHarness(temp, script, AgentSettings.DEFAULTS, PriceTable.EMPTY, history(),
                root -> new FileConversations(root, Clock.systemUTC()))) {
            RunOutcome first = h.run(RunRequest.of("What does the greeter do?"));
            assertEquals(RunStatus.COMPLETED, first.status());
            String id = first.conversationId();
            Path file = h.root.resolve(".agentls/conversations/" + id + ".json");
            assertTrue(Files.isRegularFile(file), "persisted: " + file);

            List<AgentEvent> restartedEvents = new CopyOnWriteArrayList<>();
            Agent restarted = h.restarted(new FileConversations(h.root, Clock.systemUTC()), history());
            RunOutcome resumed = restarted.run(RunRequest.of("And then?").withConversation(id), restartedEvents::add)
                    .outcome().get(60, TimeUnit.SECONDS);
            assertEquals(RunStatus.COMPLETED, resumed.status(), restartedEvents.toString());
            RunOutcome continued = h.agent.run(RunRequest.of("And then?").withConversation(id), e -> { })
                    .outcome().get(60, TimeUnit.SECONDS);
            assertEquals(RunStatus.COMPLETED, continued.status());

            List<String> bodies = h.requestBodies();
            assertEquals(5, bodies.size());
            assertTrue(bodies.get(3).contains("And then?"), bodies.get(3));
            assertEquals(bodies.get(4), bodies.get(3), "the restarted server's request is the running one's");
            assertTrue(java.util.regex.Pattern.compile("Greeter\\.java: unchanged, the same as the copy read at step"
                    + " \\d+ above").matcher(bodies.get(3)).find(), "the re-read points to the first copy: " + bodies.get(3));
        }
    }

    @org.junit.jupiter.api.Test
    void compactingByHandPrunesTheNextRequestKeepsTheLastSixAndRefusesUnknownIds() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", DirectRunTest.GREETER))
                .calls("", call("list_dir", "relative_workspace_path", "src"))
                .calls("", call("grep_search", "query", "greet"))
                .calls("", call("file_search", "query", "App"))
                .text("Done.")
                .text("Again.");
        try (AgentHarness h = new AgentHarness(temp, script, AgentSettings.DEFAULTS, PriceTable.EMPTY, history(),
                root -> new FileConversations(root, Clock.systemUTC()))) {
            String id = h.run(RunRequest.of("Look around")).conversationId();
            List<dev.agentls.conversation.RequestHistory.Pruned> pruned = h.agent.compact(id);
            assertTrue(!pruned.isEmpty() && pruned.get(0).dropped().startsWith("cleared the "), pruned.toString());
            assertTrue(pruned.get(0).tokensSaved() > 0);
            assertEquals(RunStatus.COMPLETED, h.agent.run(RunRequest.of("Again").withConversation(id), e -> { })
                    .outcome().get(60, TimeUnit.SECONDS).status());
            String next = h.requestBodies().get(5);
            assertTrue(!next.contains("Greeter.java: 21 lines]\\npackage demo;"), "the file's copy is gone: " + next);
            assertTrue(next.contains("earlier messages were dropped here to fit the context"), next);
            assertTrue(next.contains("\"content\":\"No file path matches 'App'.\""), "the last six stay: " + next);
            assertTrue(Files.readString(h.root.resolve(".agentls/conversations/" + id + ".json"))
                    .contains("\"cleared\" : [ \"m3\""), "the decision is persisted");
            IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalArgumentException.class, () -> h.agent.compact("nope"));
            assertTrue(refused.getMessage().startsWith("no conversation with id 'nope'"), refused.getMessage());
        }
    }
}
