package dev.agentls.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import dev.agentls.workspace.AtomicWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conversation file is written whole once per step; each tool result and history entry is appended to its
 * journal; a load lays the journal over the file and answers every call a crash left without a result.
 */
class ConversationJournalTest {

    @TempDir
    Path root;

    private final AtomicInteger wholeWrites = new AtomicInteger();

    private FileConversations store() {
        AtomicWriter atomic = new AtomicWriter();
        return new FileConversations(root, () -> "c1", (file, bytes) -> {
            wholeWrites.incrementAndGet();
            atomic.writeBytes(file, bytes);
        });
    }

    private static List<ToolCall> calls(int n) {
        List<ToolCall> calls = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            calls.add(new ToolCall("call_" + i, "read_file", "{\"target_file\":\"f" + i + ".txt\"}"));
        }
        return calls;
    }

    private static void answer(Conversation c, List<ToolCall> calls, int resultsGiven) {
        c.append("r1", ModelMessage.Assistant.of(calls.toArray(ModelMessage.Block[]::new)));
        for (int i = 0; i < resultsGiven; i++) {
            ToolCall call = calls.get(i);
            c.append("r1", new ModelMessage.ToolResult(call.id(), call.name(), "content " + (i + 1), false));
            c.record(new HistoryEntry("r1", call.id(), call.name(), "", call.argumentsJson(), true, "content",
                    Instant.parse("2026-11-29T05:00:00Z")));
        }
    }

    @Test
    void anAnswersResultsAreAppendedSoTheFileIsWrittenWholeOncePerStepWhateverTheNumberOfCalls() throws Exception {
        Conversation c = store().create();
        c.append("r1", new ModelMessage.User("go"));
        answer(c, calls(2000), 2000);
        assertEquals(2, wholeWrites.get(), "the request and the answer; the 2,000 results went to the journal");
        assertTrue(Files.size(root.resolve(".agentls/conversations/c1.journal")) > 0);

        c.append("r1", new ModelMessage.User("next step"));
        assertEquals(3, wholeWrites.get());
        assertFalse(Files.exists(root.resolve(".agentls/conversations/c1.journal")), "the whole file holds it now");
        assertEquals(2003, store().find("c1").orElseThrow().messages().size());
    }

    @Test
    void aCrashMidStepLosesNoSavedResultAndAnswersTheCallsThatHadNone() {
        Conversation c = store().create();
        c.append("r1", new ModelMessage.User("go"));
        answer(c, calls(3), 1);

        Conversation loaded = store().find("c1").orElseThrow();
        List<ConversationMessage> messages = loaded.messages();
        assertEquals(5, messages.size(), messages.toString());
        assertEquals("content 1", ((ModelMessage.ToolResult) messages.get(2).message()).content());
        for (int i = 3; i < 5; i++) {
            ModelMessage.ToolResult stopped = (ModelMessage.ToolResult) messages.get(i).message();
            assertEquals("call_" + (i - 1), stopped.callId());
            assertTrue(stopped.error());
            assertTrue(stopped.content().startsWith("read_file: no result: the agent stopped during this call"),
                    stopped.content());
            assertTrue(stopped.content().contains("Whether it took effect is not known"), stopped.content());
        }
        assertEquals(3, loaded.history().size(), "each stopped call has its history entry too");
        assertFalse(loaded.history().get(2).ok());
    }

    @Test
    void aStoppedCallEarlierInTheConversationIsAnsweredRightAfterItsAnswerNotAtTheEnd() {
        Conversation c = store().create();
        c.append("r1", new ModelMessage.User("go"));
        answer(c, calls(2), 0);
        c.append("r2", new ModelMessage.User("continue")); // what an older AgentLS's resume left

        List<ConversationMessage> messages = store().find("c1").orElseThrow().messages();
        assertEquals(5, messages.size());
        assertTrue(messages.get(2).message() instanceof ModelMessage.ToolResult r && r.callId().equals("call_1"));
        assertTrue(messages.get(3).message() instanceof ModelMessage.ToolResult r && r.callId().equals("call_2"));
        assertEquals("continue", ((ModelMessage.User) messages.get(4).message()).text());
        assertEquals(5, messages.stream().map(ConversationMessage::id).distinct().count(), "ids stay unique");
    }

    @Test
    void aJournalLineCutShortByACrashIsIgnoredAndItsCallAnsweredAsStopped() throws Exception {
        Conversation c = store().create();
        c.append("r1", new ModelMessage.User("go"));
        answer(c, calls(2), 2);
        Path journal = root.resolve(".agentls/conversations/c1.journal");
        String text = Files.readString(journal);
        // Cut inside the last line (the second call's history entry), as a kill during its write would.
        Files.writeString(journal, text.substring(0, text.length() - 20), StandardOpenOption.TRUNCATE_EXISTING);

        Conversation loaded = store().find("c1").orElseThrow();
        assertEquals(4, loaded.messages().size());
        assertEquals("content 2", ((ModelMessage.ToolResult) loaded.messages().get(3).message()).content());
        assertEquals(1, loaded.history().size(), "the cut entry is gone, its message kept");
    }

    @Test
    void aJournalWhoseLinesTheFileAlreadyHoldsAddsNothing() throws Exception {
        Conversation c = store().create();
        c.append("r1", new ModelMessage.User("go"));
        answer(c, calls(1), 1);
        Path journal = root.resolve(".agentls/conversations/c1.journal");
        String lines = Files.readString(journal);
        c.append("r1", new ModelMessage.User("more")); // the whole file now holds the result
        // A crash between the whole file's rename and the journal's removal leaves both.
        Files.writeString(journal, lines, StandardCharsets.UTF_8);

        Conversation loaded = store().find("c1").orElseThrow();
        assertEquals(4, loaded.messages().size(), loaded.messages().toString());
        assertEquals(1, loaded.history().size());
    }

    @Test
    void aMalformedLineBeforeTheLastRefusesTheConversationNamingTheJournalAndLine() throws Exception {
        Conversation c = store().create();
        c.append("r1", new ModelMessage.User("go"));
        answer(c, calls(2), 2);
        Path journal = root.resolve(".agentls/conversations/c1.journal");
        Files.writeString(journal, "{not json\n" + Files.readString(journal));

        ConversationFileException e = org.junit.jupiter.api.Assertions.assertThrows(ConversationFileException.class,
                () -> store().find("c1"));
        assertTrue(e.getMessage().contains("c1.journal") && e.getMessage().contains("journal line 1 is not valid"
                + " JSON"), e.getMessage());
    }

    @Test
    void theTempFileOfAWriteWhoseWriterIsGoneIsRemovedAtTheStoresFirstUse() throws Exception {
        Path folder = Files.createDirectories(root.resolve(".agentls/conversations"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path abandoned = Files.writeString(folder.resolve(".c9.json." + gone.pid() + "x1abc.agentls-tmp"), "{");
        Path live = Files.writeString(folder.resolve(".c8.json." + ProcessHandle.current().pid()
                + "x2def.agentls-tmp"), "{");

        assertEquals(List.of(), store().ids());
        assertFalse(Files.exists(abandoned), "its writer is gone");
        assertTrue(Files.exists(live), "a live process may still be writing it");
    }
}
