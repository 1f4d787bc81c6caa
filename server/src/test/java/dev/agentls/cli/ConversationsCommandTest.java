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
        assertEquals("c1  greeter questions  5 messages, 0 runs, tokens in 0 (cached 0), out 0\n", out());
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
