package dev.agentls.cli;

import dev.agentls.agent.Agent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.conversation.ContextHistory;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.FileConversations;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import dev.agentls.outline.TokenCounter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls conversations compact ID} on a short and on a long conversation: the first request always stays in
 * what the next request sends, nothing is done (and it says so) when nothing would be saved, and what is reported
 * saved is a saving.
 */
class ConversationsCompactTest {

    private static final String TASK = "Rename greet to welcome everywhere and keep the tests green";

    @TempDir
    Path root;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    /** A user request, then {@code steps} answers each reading a different file and its result. */
    private Conversation conversation(int steps, int resultLines) {
        Conversation c = new FileConversations(root, () -> "c1").create();
        c.append("r", new ModelMessage.User(TASK));
        for (int i = 0; i < steps; i++) {
            String path = "src/F" + i + ".java";
            c.append("r", ModelMessage.Assistant.of(new ModelMessage.Text("Reading " + path + "."),
                    new ToolCall("call" + i, "read_file", "{\"path\":\"" + path + "\"}")));
            c.append("r", new ModelMessage.ToolResult("call" + i, "read_file",
                    ("    int f" + i + "(int x) { return x * " + i + "; }\n").repeat(resultLines), false));
        }
        return c;
    }

    private List<ModelMessage> nextRequest() {
        Conversation c = new FileConversations(root, Clock.systemUTC()).find("c1").orElseThrow();
        return new ContextHistory(TokenCounter.forModel("gpt-4o"), Long.MAX_VALUE, Agent.HISTORY_TOOLS).next(c, Set.of()).messages();
    }

    @Test
    void aShortConversationIsLeftAsItWasAndSaysSo() throws Exception {
        conversation(3, 2);  // 7 messages
        String before = Files.readString(root.resolve(".agentls/conversations/c1.json"));
        assertEquals(0, run("conversations", "--root", root.toString(), "compact", "c1"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("nothing to compact in c1: "),
                out.toString(StandardCharsets.UTF_8));
        assertTrue(!out.toString(StandardCharsets.UTF_8).contains("tokens saved"));
        assertEquals(before, Files.readString(root.resolve(".agentls/conversations/c1.json")));
        assertEquals(new ModelMessage.User(TASK), nextRequest().get(0));
        assertEquals(7, nextRequest().size());
    }

    @Test
    void aLongConversationIsCompactedKeepingTheFirstRequestAndEverySavingIsPositive() {
        conversation(20, 200);
        assertEquals(0, run("conversations", "--root", root.toString(), "compact", "c1"));
        String report = out.toString(StandardCharsets.UTF_8);
        Matcher saved = Pattern.compile("\\((-?\\d+) tokens saved\\)").matcher(report);
        int reports = 0;
        while (saved.find()) {
            reports++;
            assertTrue(Long.parseLong(saved.group(1)) > 0, report);
        }
        assertTrue(reports > 0, report);
        List<ModelMessage> next = nextRequest();
        assertEquals(new ModelMessage.User(TASK), next.get(0), "the task is still the first thing sent");
    }
}
