package dev.agentls.conversation;

import dev.agentls.agent.Agent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.ModelMessage;
import dev.agentls.outline.TokenCounter;
import dev.agentls.llm.ToolCall;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContextHistoryTest {

    private final TokenCounter counter = TokenCounter.forModel("gpt-4o");
    private final MessageTokens messages = new MessageTokens(counter);
    private int calls;

    private static String file(String name, int version, int lines) {
        StringBuilder text = new StringBuilder("[" + name + ": " + lines + " lines]\n");
        for (int i = 1; i <= lines; i++) {
            text.append(i).append("|    int value").append(i).append(" = ").append(version * 1000 + i).append(";\n");
        }
        return text.toString();
    }

    private void read(Conversation c, String path, String content) {
        String id = "call_" + (++calls);
        c.append("r", ModelMessage.Assistant.of(new ToolCall(id, "read_file",
                "{\"target_file\":\"" + path + "\",\"explanation\":\"look\"}")));
        c.append("r", new ModelMessage.ToolResult(id, "read_file", content, false));
    }

    private void call(Conversation c, String tool, String result) {
        String id = "call_" + (++calls);
        c.append("r", ModelMessage.Assistant.of(new ToolCall(id, tool, "{\"query\":\"x\"}")));
        c.append("r", new ModelMessage.ToolResult(id, tool, result, false));
    }

    private long wholeTokens(Conversation c) {
        return RequestHistory.whole().next(c, Set.of()).messages().stream().mapToLong(messages::count).sum();
    }

    private static String text(ModelMessage m) {
        return m instanceof ModelMessage.ToolResult r ? r.content()
                : m instanceof ModelMessage.User u ? u.text() : ((ModelMessage.Assistant) m).text();
    }

    @Test
    void keepsTheNewestCopyOfAFileWholeAndOlderCopiesAsOneLineReferences() {
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        read(c, "src/App.java", file("src/App.java", 1, 200));
        read(c, "./src/App.java", file("src/App.java", 2, 200));
        RequestHistory.Next next = new ContextHistory(counter, wholeTokens(c) - 100, Agent.HISTORY_TOOLS).next(c, Set.of());
        assertEquals("[src/App.java as read at step 1: see the newest copy further down]",
                text(next.messages().get(2)));
        assertEquals(file("src/App.java", 2, 200), text(next.messages().get(4)), "the newest copy is whole");
        assertEquals(1, next.pruned().size());
        assertTrue(next.pruned().get(0).dropped().startsWith("1 older file copy replaced by a line pointing to the"
                + " newest (src/App.java)"), next.pruned().get(0).dropped());
        assertTrue(next.pruned().get(0).tokensSaved() > 2000, "saved " + next.pruned().get(0).tokensSaved());
        assertEquals(Set.of("m3"), c.context().superseded());
    }

    @Test
    void callIdsReusedByEveryAnswerAsInXmlModeStillPointEachResultAtItsOwnFile() {
        // XML-mode call ids restart at every answer: both reads are xml_call_0, of different files.
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        for (String path : List.of("src/App.java", "src/Other.java", "src/App.java")) {
            c.append("r", ModelMessage.Assistant.of(new ToolCall("xml_call_0", "read_file",
                    "{\"target_file\":\"" + path + "\"}")));
            c.append("r", new ModelMessage.ToolResult("xml_call_0", "read_file", file(path, calls++, 200), false));
        }
        RequestHistory.Next next = new ContextHistory(counter, wholeTokens(c) - 100, Agent.HISTORY_TOOLS).next(c, Set.of());
        assertEquals("[src/App.java as read at step 1: see the newest copy further down]",
                text(next.messages().get(2)));
        assertEquals(file("src/Other.java", 1, 200), text(next.messages().get(4)), "another file is never superseded");
        assertEquals(Set.of("m3"), c.context().superseded());
    }

    @Test
    void rangedReadsAndFailedReadsNeverSupersedeAWholeCopy() {
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        read(c, "src/App.java", file("src/App.java", 1, 200));
        c.append("r", ModelMessage.Assistant.of(new ToolCall("x1", "read_file",
                "{\"target_file\":\"src/App.java\",\"start_line\":1,\"end_line\":5}")));
        c.append("r", new ModelMessage.ToolResult("x1", "read_file", file("src/App.java", 2, 5), false));
        c.append("r", ModelMessage.Assistant.of(new ToolCall("x2", "read_file", "{\"target_file\":\"src/App.java\"}")));
        c.append("r", new ModelMessage.ToolResult("x2", "read_file", "failed: no such file", true));
        RequestHistory.Next next = new ContextHistory(counter, 1_000_000, Agent.HISTORY_TOOLS).next(c, Set.of());
        assertEquals(file("src/App.java", 1, 200), text(next.messages().get(2)));
        assertEquals(List.of(), next.pruned());
    }

    @Test
    void smallStaleCopiesWaitSoThePrefixStaysTheSameUntilTheyAreWorthCollapsing() {
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        read(c, "a.txt", file("a.txt", 1, 3));
        for (int i = 0; i < 10; i++) {
            call(c, "grep_search", file("big" + i, i, 60));
        }
        read(c, "a.txt", file("a.txt", 2, 3));
        ContextHistory history = new ContextHistory(counter, 1_000_000, Agent.HISTORY_TOOLS);
        RequestHistory.Next next = history.next(c, Set.of());
        assertEquals(List.of(), next.pruned(), "a small stale copy is kept for the cache's sake");
        assertEquals(file("a.txt", 1, 3), text(next.messages().get(2)));
        assertEquals(ContextState.EMPTY, c.context());
        RequestHistory.Next compacted = history.compact(c);
        assertTrue(compacted.pruned().get(0).dropped().startsWith("1 older file copy"), compacted.pruned().toString());
        assertEquals(Set.of("m3"), c.context().superseded());
    }

    @Test
    void reReadOfAnUnchangedFileIsALinePointingToTheCopyAboveAndNothingEarlierChanges() {
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        read(c, "src/App.java", file("src/App.java", 1, 200));
        call(c, "grep_search", "src/App.java:3: value3");
        ContextHistory history = new ContextHistory(counter, 1_000_000, Agent.HISTORY_TOOLS);
        RequestHistory.Next before = history.next(c, Set.of());
        read(c, "src/App.java", file("src/App.java", 1, 200));
        RequestHistory.Next next = history.next(c, Set.of());

        assertEquals(before.messages(), next.messages().subList(0, before.messages().size()), "append-only");
        assertEquals("[src/App.java: unchanged, the same as the copy read at step 1 above]",
                text(next.messages().get(6)));
        assertEquals(file("src/App.java", 1, 200), text(next.messages().get(2)), "the copy it points to is whole");
        assertEquals(List.of(), next.pruned());

        read(c, "src/App.java", file("src/App.java", 2, 200));
        RequestHistory.Next changed = history.next(c, Set.of());
        assertEquals(file("src/App.java", 2, 200), text(changed.messages().get(8)), "a changed file is sent whole");
        assertEquals(next.messages(), changed.messages().subList(0, next.messages().size()),
                "the older copies wait while the history fits its budget");
        history.compact(c);
        assertEquals(Set.of("m3", "m7"), c.context().superseded(), "by hand, the older copy and its repeat go");
    }

    @Test
    void olderCopiesWaitUntilTheHistoryMustShrinkSoEveryRequestExtendsThePreviousOne() {
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        read(c, "src/App.java", file("src/App.java", 0, 150));
        long budget = wholeTokens(c) * 6;
        ContextHistory history = new ContextHistory(counter, budget, Agent.HISTORY_TOOLS);
        List<ModelMessage> previous = history.next(c, Set.of()).messages();
        for (int version = 1; ; version++) {
            read(c, "src/App.java", file("src/App.java", version, 150));
            RequestHistory.Next next = history.next(c, Set.of());
            if (!next.pruned().isEmpty()) {
                assertTrue(wholeTokens(c) > budget, "collapsed only past the budget");
                assertTrue(next.pruned().get(0).dropped().startsWith(version + " older file copies replaced"),
                        next.pruned().get(0).dropped());
                assertEquals(file("src/App.java", version, 150), text(next.messages().get(next.messages().size() - 1)));
                return;
            }
            assertEquals(previous, next.messages().subList(0, previous.size()), "step " + version + " appends only");
            previous = next.messages();
            assertTrue(version < 20, "the budget was passed by now");
        }
    }

    @Test
    void prunesOldestToolResultsFirstThenOlderTurnsNeverTheLastSixOrThePlan() {
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        c.append("r", ModelMessage.Assistant.of(new ToolCall("plan", "create_plan",
                "{\"goal\":\"g\",\"steps\":[\"a\",\"b\"]}")));
        c.append("r", new ModelMessage.ToolResult("plan", "create_plan", "plan: 1. a 2. b " + "x ".repeat(200),
                false));
        for (int i = 0; i < 12; i++) {
            call(c, "grep_search", file("hit" + i, i, 80));
        }
        List<ConversationMessage> all = c.messages();
        long whole = RequestHistory.whole().next(c, Set.of()).messages().stream().mapToLong(messages::count).sum();
        ContextHistory history = new ContextHistory(counter, whole / 2, Agent.HISTORY_TOOLS);
        RequestHistory.Next next = history.next(c, Set.of());

        long sent = next.messages().stream().mapToLong(messages::count).sum();
        assertTrue(sent <= whole / 2 * 3 / 4 + 50, "pruned to 3/4 of the budget: " + sent + " of " + whole);
        assertEquals(1, next.pruned().size(), next.pruned().toString());
        assertTrue(next.pruned().get(0).dropped().startsWith("cleared the "), next.pruned().get(0).dropped());
        assertTrue(next.pruned().get(0).tokensSaved() > 0);
        assertEquals("[grep_search result cleared to fit the context (82 lines); it began: [hit0: 80 lines]]",
                text(next.messages().get(4)), "the oldest result first, its call kept");
        assertTrue(text(next.messages().get(2)).startsWith("plan: 1. a 2. b"), "the plan is never cleared");
        for (int i = all.size() - ContextHistory.KEEP_LAST; i < all.size(); i++) {
            assertEquals(all.get(i).message(), next.messages().get(i), "message " + i + " of the last six kept");
        }

        ContextHistory tight = new ContextHistory(counter, 2_000, Agent.HISTORY_TOOLS);
        Conversation c2 = new Conversation("c2");
        for (ConversationMessage m : all) {
            c2.append(m.runId(), m.message());
        }
        RequestHistory.Next tighter = tight.next(c2, Set.of());
        assertTrue(tighter.pruned().stream().anyMatch(p -> p.dropped().startsWith("dropped the ")),
                tighter.pruned().toString());
        assertTrue(text(tighter.messages().get(0)).equals("task"), "the newest user request stays");
        assertTrue(tighter.messages().stream().anyMatch(m -> text(m).startsWith("plan: 1. a 2. b")), "plan stays");
        assertTrue(tighter.messages().stream().anyMatch(m -> text(m).contains("messages were dropped here")));
        for (int i = 0; i < ContextHistory.KEEP_LAST; i++) {
            assertEquals(all.get(all.size() - 1 - i).message(),
                    tighter.messages().get(tighter.messages().size() - 1 - i));
        }
        assertToolResultsFollowTheirCalls(tighter.messages());
    }

    @Test
    void laterStepsRepeatThePrunedPrefixByteForByte() {
        Conversation c = new Conversation("c");
        c.append("r", new ModelMessage.User("task"));
        for (int i = 0; i < 12; i++) {
            call(c, "grep_search", file("hit" + i, i, 80));
        }
        ContextHistory history = new ContextHistory(counter, 8_000, Agent.HISTORY_TOOLS);
        RequestHistory.Next first = history.next(c, Set.of());
        assertFalse(first.pruned().isEmpty());
        call(c, "grep_search", "small");
        RequestHistory.Next second = history.next(c, Set.of());
        assertEquals(List.of(), second.pruned(), "pruning left room for the next step");
        assertEquals(first.messages(), second.messages().subList(0, first.messages().size()));
    }

    private static void assertToolResultsFollowTheirCalls(List<ModelMessage> messages) {
        Set<String> open = new java.util.HashSet<>();
        for (ModelMessage m : messages) {
            if (m instanceof ModelMessage.Assistant a) {
                a.toolCalls().forEach(call -> open.add(call.id()));
            } else if (m instanceof ModelMessage.ToolResult r) {
                assertTrue(open.contains(r.callId()), "result " + r.callId() + " has its call");
            }
        }
    }
}
