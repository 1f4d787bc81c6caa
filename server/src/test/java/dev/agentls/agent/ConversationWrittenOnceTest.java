package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.AgentSettings;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.FileConversations;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.workspace.AtomicWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new run's conversation file is written (and synced) once before its first request, holding the request, and
 * after that on every change as before. Counted at the store's writer against the requests the model's server (on
 * loopback) had received at each write.
 */
class ConversationWrittenOnceTest {

    @TempDir
    java.nio.file.Path temp;

    @Test
    void aNewRunWritesItsConversationOnceBeforeItsFirstRequest() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE).text("Hello.");
        List<Integer> requestsAtWrites = new CopyOnWriteArrayList<>();
        List<String> firstWrite = new CopyOnWriteArrayList<>();
        AtomicReference<AgentHarness> harness = new AtomicReference<>();
        AtomicWriter atomic = new AtomicWriter();
        try (AgentHarness h = new AgentHarness(temp, script, AgentSettings.DEFAULTS, PriceTable.EMPTY,
                RequestHistory.whole(), root -> new FileConversations(root, () -> "c1", (file, bytes) -> {
                    requestsAtWrites.add(harness.get().server.requests().size());
                    if (firstWrite.isEmpty()) {
                        firstWrite.add(new String(bytes, StandardCharsets.UTF_8));
                    }
                    atomic.writeBytes(file, bytes);
                }))) {
            harness.set(h);
            RunOutcome outcome = h.run(RunRequest.of("Say hello"));

            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertEquals(1, h.requestBodies().size());
            assertEquals(1, requestsAtWrites.stream().filter(n -> n == 0).count(),
                    "writes before the model had the request: " + requestsAtWrites);
            assertTrue(firstWrite.get(0).contains("\"text\" : \"Say hello\""), "the request is in it: "
                    + firstWrite.get(0));
            assertTrue(requestsAtWrites.size() > 1, "the answer and the run's end are written after it");
            String onDisk = Files.readString(h.root.resolve(".agentls/conversations/c1.json"));
            assertTrue(onDisk.contains("Hello.") && onDisk.contains("\"status\" : \"completed\""), onDisk);
        }
    }
}
