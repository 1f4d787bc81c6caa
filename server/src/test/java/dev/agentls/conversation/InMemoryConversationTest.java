package dev.agentls.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.TokenUsage;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InMemoryConversationTest {

    private static final Instant T = Instant.parse("2026-11-24T05:00:00Z");

    @Test
    void messagesGetIdsInOrderAndTheWholeHistoryLeavesOutOnlyExcludedOnes() {
        Conversation conversation = new InMemoryConversations(() -> "c1").create();
        assertEquals("m1", conversation.append("r1", new ModelMessage.User("hi")).id());
        assertEquals("m2", conversation.append("r1", ModelMessage.Assistant.text("hello")).id());
        assertEquals("m3", conversation.append("r1", new ModelMessage.User("again")).id());

        assertEquals(List.of(new ModelMessage.User("hi"), new ModelMessage.User("again")),
                RequestHistory.whole().next(conversation, Set.of("m2")).messages());
        assertEquals(List.of(), RequestHistory.whole().next(conversation, Set.of()).pruned());
    }

    @Test
    void runsAddUpUsageAndCostAndAnUnpricedRunMakesTheCostUnknown() {
        Conversation conversation = new Conversation("c");
        conversation.endRun(new RunRecord("r1", "direct", "completed", new TokenUsage(100, 10, 0),
                Optional.of(new BigDecimal("0.01")), T, T));
        conversation.endRun(new RunRecord("r2", "plan", "failed", new TokenUsage(50, 5, 20),
                Optional.of(new BigDecimal("0.02")), T, T));
        assertEquals(new TokenUsage(150, 15, 20), conversation.usage());
        assertEquals(new BigDecimal("0.03"), conversation.cost().orElseThrow());
        conversation.endRun(new RunRecord("r3", "ask", "completed", new TokenUsage(1, 1, 0), Optional.empty(), T, T));
        assertEquals(Optional.empty(), conversation.cost());
        assertEquals(List.of("completed", "failed", "completed"),
                conversation.runs().stream().map(RunRecord::status).toList());
    }

    @Test
    void historyEntriesKeepTheToolTheReasonTheParamsAndTheResult() {
        Conversation conversation = new Conversation("c");
        conversation.record(new HistoryEntry("r1", "call_1", "read_file", "see the greeter",
                "{\"target_file\":\"Greeter.java\"}", true, "package demo;", T));
        HistoryEntry entry = conversation.history().get(0);
        assertEquals("see the greeter", entry.reason());
        assertEquals("{\"target_file\":\"Greeter.java\"}", entry.params());
        assertEquals(T, entry.timestamp());
    }

    @Test
    void conversationsAreFoundByIdAndATakenIdIsRefused() {
        InMemoryConversations conversations = new InMemoryConversations(() -> "same");
        Conversation created = conversations.create();
        assertEquals(Optional.of(created), conversations.find("same"));
        assertEquals(Optional.empty(), conversations.find("other"));
        assertEquals(List.of("same"), conversations.ids());
        assertEquals("conversation id same is taken",
                assertThrows(IllegalStateException.class, conversations::create).getMessage());
    }
}
