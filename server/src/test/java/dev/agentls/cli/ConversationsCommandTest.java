package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.FileConversations;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConversationsCommandTest {

    @TempDir
    Path root;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private Conversation conversationReadingAFileTwice() {
        Conversation c = new FileConversations(root, () -> "c1").create();
        c.append("r", new ModelMessage.User("Explain the greeter"));
        String body = "[src/Greeter.java: 200 lines]\n" + "    String greet(String name) { return name; }\n".repeat(200);
        for (String id : new String[] {"a", "b"}) {
            c.append("r", ModelMessage.Assistant.of(new ModelMessage.Text("Reading."),
                    new ToolCall(id, "read_file", "{\"target_file\":\"src/Greeter.java\"}")));
            // The file changed between the reads: the first copy is stale (a re-read of an unchanged file is not).
            c.append("r", new ModelMessage.ToolResult(id, "read_file", id.equals("a") ? body
                    : body.replaceFirst("return name;", "return name.strip();"), false));
        }
        return c;
    }

    @Test
    void listsShowsRenamesCompactsAndDeletesConversations() throws Exception {
        conversationReadingAFileTwice();
        String dir = root.toString();
        assertEquals(0, run("conversations", "--root", dir, "rename", "c1", "greeter", "questions"));
        assertEquals(0, run("conversations", "--root", dir, "list"));
        assertTrue(out().matches("c1  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC  -  -  greeter questions  \\(5 messages\\)\n"),
                out());
        assertEquals(0, run("conversations", "--root", dir, "show", "c1"));
        assertTrue(out().startsWith("conversation c1: greeter questions\nm1 user: Explain the greeter\n"
                + "m2 assistant: Reading. [read_file {\"target_file\":\"src/Greeter.java\"}]\n"
                + "m3 result of read_file: [src/Greeter.java: 200 lines] (201 lines)\n"), out());
        assertEquals(0, run("conversations", "--root", dir, "compact", "c1"));
        assertTrue(out().startsWith("context_pruned: 1 older file copy replaced by a line pointing to the newest"
                + " (src/Greeter.java) ("), out());
        assertTrue(Files.readString(root.resolve(".agentls/conversations/c1.json")).contains("\"superseded\" : [ \"m3\" ]"));
        assertEquals(0, run("conversations", "--root", dir, "delete", "c1"));
        assertEquals("deleted c1\n", out());
        assertEquals(0, run("conversations", "--root", dir, "list"));
        assertEquals("", out());
    }

    @Test
    void listShowsTitleFromTheFirstPromptDateStatusAndCostAndHidesWhatTheModelNeverAnswered() throws Exception {
        java.util.Iterator<String> ids = java.util.List.of("c1", "c2", "c3").iterator();
        FileConversations store = new FileConversations(root, ids::next);
        Conversation failed = store.create();
        failed.append("r1", new ModelMessage.User("a request the model never saw"));
        failed.endRun(new dev.agentls.conversation.RunRecord("r1", "direct", "failed",
                dev.agentls.llm.TokenUsage.NONE, java.util.Optional.empty(), java.time.Instant.parse(
                        "2026-11-28T10:00:00Z"), java.time.Instant.parse("2026-11-28T10:00:01Z")));
        Conversation done = store.create();
        done.append("r2", new ModelMessage.User("fix the failing test in GreeterTest\nand run it"));
        done.append("r2", ModelMessage.Assistant.of(new ModelMessage.Text("Fixed.")));
        done.endRun(new dev.agentls.conversation.RunRecord("r2", "direct", "completed",
                new dev.agentls.llm.TokenUsage(1200, 300, 0), java.util.Optional.of(new java.math.BigDecimal(
                        "0.01234")), java.time.Instant.parse("2026-11-28T11:00:00Z"),
                java.time.Instant.parse("2026-11-28T11:02:00Z")));
        Conversation unpriced = store.create();
        unpriced.append("r3", new ModelMessage.User("x".repeat(100)));
        unpriced.append("r3", ModelMessage.Assistant.of(new ModelMessage.Text("Hm.")));
        unpriced.endRun(new dev.agentls.conversation.RunRecord("r3", "ask", "cancelled",
                new dev.agentls.llm.TokenUsage(10, 1, 0), java.util.Optional.empty(), java.time.Instant.parse(
                        "2026-11-28T12:00:00Z"), java.time.Instant.parse("2026-11-28T12:00:05Z")));

        assertEquals(0, run("conversations", "--root", root.toString(), "list"));
        assertEquals("c2  2026-11-28 11:02 UTC  completed  $0.0123  fix the failing test in GreeterTest  (2 messages)\n"
                + "c3  2026-11-28 12:00 UTC  cancelled  cost unknown  " + "x".repeat(57) + "...  (2 messages)\n"
                + "(1 conversation the model never answered not shown)\n", out());
    }

    @Test
    void anUnreadableFileIsListedWithItsReasonAndRefusedByName() throws Exception {
        Path file = Files.createDirectories(root.resolve(".agentls/conversations")).resolve("broken.json");
        Files.writeString(file, "{\"format\": \"agentls-conversation\", \"version\": 9}");
        String dir = root.toString();
        assertEquals(0, run("conversations", "--root", dir, "list"));
        assertEquals("broken  UNREADABLE: format version 9 is not the version 1 this AgentLS reads\n", out());
        assertEquals(1, run("conversations", "--root", dir, "show", "broken"));
        assertEquals("agentls conversations: conversation file " + file + " is refused: format version 9 is not the"
                + " version 1 this AgentLS reads (left untouched)\n", err.toString(StandardCharsets.UTF_8));
        assertEquals(1, run("conversations", "--root", dir, "show", "../x"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("'../x' is not a conversation id"));
        assertEquals("{\"format\": \"agentls-conversation\", \"version\": 9}", Files.readString(file));
    }

    @Test
    void malformedArgumentsAreUsageErrors() {
        assertEquals(2, run("conversations"));
        assertEquals(2, run("conversations", "--root", root.toString(), "frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown action 'frobnicate'"));
        assertEquals(2, run("conversations", "--root", root.toString(), "show"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("show takes 1 argument"));
        assertEquals(2, run("conversations", "--root", root.resolve("nope").toString(), "list"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("is not a folder"));
    }
}
