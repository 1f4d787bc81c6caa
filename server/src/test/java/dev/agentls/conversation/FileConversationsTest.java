package dev.agentls.conversation;

import dev.agentls.agent.Agent;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.ModelMessage;
import dev.agentls.outline.TokenCounter;
import dev.agentls.llm.TokenUsage;
import dev.agentls.llm.ToolCall;
import dev.agentls.workspace.AtomicWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileConversationsTest {

    @TempDir
    Path root;

    private FileConversations store() {
        AtomicInteger n = new AtomicInteger();
        return new FileConversations(root, () -> "c" + n.incrementAndGet());
    }

    /** A conversation with every kind of message and block, as a run leaves it. */
    static void fill(Conversation c) {
        c.append("run-1", new ModelMessage.User("Make the greeting configurable ü \u2028 \"quoted\""));
        c.append("run-1", ModelMessage.Assistant.of(new ModelMessage.Thinking("let me read", "sig-abc=="),
                new ModelMessage.RedactedThinking("opaque+/data=="), new ModelMessage.Text("Reading."),
                new ToolCall("call_1", "read_file", "{\"target_file\":\"src/App.java\",\"explanation\":\"see\"}")));
        c.append("run-1", new ModelMessage.ToolResult("call_1", "read_file", "[src/App.java: 2 lines]\n1|a\n2|b", false));
        c.record(new HistoryEntry("run-1", "call_1", "read_file", "see", "{\"target_file\":\"src/App.java\"}", true,
                "[src/App.java: 2 lines]", Instant.parse("2026-11-24T05:00:00Z")));
        c.endRun(new RunRecord("run-1", "direct", "completed", new TokenUsage(1200, 80, 1000),
                Optional.of(new BigDecimal("0.0123")), Instant.parse("2026-11-24T05:00:00Z"),
                Instant.parse("2026-11-24T05:00:09Z")));
        c.context(new ContextState(Set.of("m3"), Set.of(), Set.of()));
    }

    @Test
    void resumedConversationAfterRestartSendsExactlyTheSameNextHistory() throws Exception {
        FileConversations before = store();
        Conversation original = before.create();
        fill(original);
        ContextHistory history = new ContextHistory(TokenCounter.forModel("gpt-4o"), 100_000, Agent.HISTORY_TOOLS);
        RequestHistory.Next expected = history.next(original, Set.of());

        FileConversations afterRestart = new FileConversations(root, () -> "unused");
        Conversation resumed = afterRestart.find("c1").orElseThrow();

        assertEquals(original.snapshot(), resumed.snapshot());
        assertEquals(expected, new ContextHistory(TokenCounter.forModel("gpt-4o"), 100_000, Agent.HISTORY_TOOLS).next(resumed, Set.of()));
        assertEquals(original.usage(), resumed.usage());
        assertEquals(original.cost(), resumed.cost());
        byte[] file = Files.readAllBytes(afterRestart.file("c1"));
        resumed.rename("");
        assertArrayEquals(file, Files.readAllBytes(afterRestart.file("c1")), "saving again writes the same bytes");
    }

    @Test
    void writesTheWholeFileAfterEveryChangeFromTheFirstOn() throws Exception {
        List<Path> writes = new java.util.concurrent.CopyOnWriteArrayList<>();
        AtomicWriter atomic = new AtomicWriter();
        FileConversations store = new FileConversations(root, () -> "c1", (path, bytes) -> {
            writes.add(path);
            atomic.writeBytes(path, bytes);
        });
        Conversation c = store.create();
        Path file = store.file(c.id());
        assertEquals(root.resolve(".agentls/conversations/c1.json"), file);
        assertFalse(Files.exists(file), "not written before its first change");
        assertEquals(List.of(), writes);
        assertEquals(List.of("c1"), store.ids(), "yet known to the store");
        for (int i = 1; i <= 5; i++) {
            c.append("run-1", new ModelMessage.User("turn " + i));
            assertEquals(i, writes.size(), "one write per change");
            Conversation.Snapshot onDisk = new ConversationCodec().read(Files.readString(file), "c1");
            assertEquals(i, onDisk.messages().size());
            assertEquals("turn " + i, ((ModelMessage.User) onDisk.messages().get(i - 1).message()).text());
        }
        try (var left = Files.list(file.getParent())) {
            assertEquals(List.of(file), left.toList(), "no temp files left behind");
        }
    }

    @Test
    void addsAgentlsToGitInfoExcludeOnceAndLeavesOtherLinesAlone() throws Exception {
        Files.createDirectories(root.resolve(".git/info"));
        Files.writeString(root.resolve(".git/info/exclude"), "# mine\n*.log");
        FileConversations store = store();
        store.create().append("r", new ModelMessage.User("x"));
        new FileConversations(root, () -> "c9").create();
        assertEquals("# mine\n*.log\n# AgentLS keeps conversations and checkpoints here\n.agentls/\n",
                Files.readString(root.resolve(".git/info/exclude")));
    }

    @Test
    void worktreeExcludeGoesToTheSharedGitDirectory() throws Exception {
        Path common = Files.createDirectories(root.resolve("main/.git"));
        Path worktreeDir = Files.createDirectories(common.resolve("worktrees/wt"));
        Files.writeString(worktreeDir.resolve("commondir"), "../..\n");
        Path wt = Files.createDirectories(root.resolve("wt"));
        Files.writeString(wt.resolve(".git"), "gitdir: " + worktreeDir + "\n");
        new FileConversations(wt, () -> "c1").create().append("r", new ModelMessage.User("first change"));
        assertTrue(Files.readString(common.resolve("info/exclude")).contains(".agentls/\n"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            not json            | {"format": "agentls-conversation", "version": 1,     | not valid JSON (line
            foreign format      | {"format": "other", "version": 1}                   | not an AgentLS conversation ("format" is "other"
            foreign version     | {"format": "agentls-conversation", "version": 2}    | format version 2 is not the version 1 this AgentLS reads
            other id            | {"format": "agentls-conversation", "version": 1, "id": "c7"} | it holds conversation 'c7', not 'c1'
            missing messages    | {"format": "agentls-conversation", "version": 1, "id": "c1"} | "messages" is missing or not an array
            unknown role        | {"format": "agentls-conversation", "version": 1, "id": "c1", "messages": [{"id": "m1", "runId": "r", "role": "robot"}], "history": [], "runs": []} | message 1 has an unknown role "robot"
            """)
    void refusesAnUnreadableFileNamingItAndTheReasonAndLeavesItUntouched(String name, String content, String reason)
            throws Exception {
        Path file = Files.createDirectories(root.resolve(".agentls/conversations")).resolve("c1.json");
        Files.writeString(file, content);
        FileConversations store = store();
        ConversationFileException refused = assertThrows(ConversationFileException.class, () -> store.find("c1"));
        assertTrue(refused.getMessage().contains(file.toString()), refused.getMessage());
        assertTrue(refused.reason().startsWith(reason), refused.reason());
        assertEquals(content, Files.readString(file), "left untouched");
        assertEquals(Optional.of(refused.reason()), store.list().get(0).problem(), "listed with its reason");
        assertThrows(IllegalStateException.class, store::create, "its id is not reused");
        assertEquals(content, Files.readString(file), "still untouched");
    }

    @Test
    void refusesAFileThatIsNotUtf8() throws Exception {
        Path file = Files.createDirectories(root.resolve(".agentls/conversations")).resolve("c1.json");
        byte[] bytes = {'{', (byte) 0xff, (byte) 0xfe, '}'};
        Files.write(file, bytes);
        ConversationFileException refused = assertThrows(ConversationFileException.class, () -> store().find("c1"));
        assertEquals("not UTF-8 text", refused.reason());
        assertArrayEquals(bytes, Files.readAllBytes(file));
    }

    @Test
    void refusesIdsThatAreNotPlainNames() {
        FileConversations store = store();
        for (String id : List.of("../c1", "a/b", ".hidden", "", "x".repeat(101))) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> store.find(id));
            assertTrue(refused.getMessage().contains("is not a conversation id"), refused.getMessage());
        }
        assertEquals(Optional.empty(), store.find("absent"));
    }

    @Test
    void concurrentAppendsFromManyThreadsAllReachTheFileInOrder() throws Exception {
        FileConversations store = store();
        Conversation c = store.create();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> writers = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int thread = t;
            writers.add(pool.submit(() -> {
                go.await();
                for (int i = 0; i < 25; i++) {
                    c.append("run-" + thread, new ModelMessage.User("t" + thread + " i" + i));
                    if (i % 5 == 0) {
                        store.rename(c.id(), "title " + thread);
                    }
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> w : writers) {
            w.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();
        Conversation reread = new FileConversations(root, () -> "x").find(c.id()).orElseThrow();
        assertEquals(200, reread.messages().size());
        assertEquals(c.snapshot(), reread.snapshot(), "the file holds the last state");
        for (int i = 0; i < 200; i++) {
            assertEquals("m" + (i + 1), reread.messages().get(i).id());
        }
    }

    @Test
    void listsRenamesAndDeletesConversations() throws Exception {
        FileConversations store = store();
        Conversation first = store.create();
        fill(first);
        store.create().append("r", new ModelMessage.User("a second conversation"));
        store.rename("c1", "  greeting work ");
        List<FileConversations.Summary> list = new FileConversations(root, () -> "x").list();
        assertEquals(List.of("c1", "c2"), list.stream().map(FileConversations.Summary::id).toList());
        assertEquals("greeting work", list.get(0).title());
        assertEquals(3, list.get(0).messages());
        assertEquals(1, list.get(0).runs());
        assertEquals(new TokenUsage(1200, 80, 1000), list.get(0).usage());
        store.delete("c1");
        assertEquals(List.of("c2"), store.ids());
        assertTrue(Files.notExists(root.resolve(".agentls/conversations/c1.json")));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> store.delete("c1"));
        assertTrue(refused.getMessage().contains("no conversation with id 'c1'"), refused.getMessage());
        assertTrue(Files.readString(store.file("c2"), StandardCharsets.UTF_8).contains("\"version\" : 1"));
    }
}
