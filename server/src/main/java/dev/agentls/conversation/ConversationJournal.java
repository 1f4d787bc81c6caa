package dev.agentls.conversation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The journal beside a conversation's file ({@code <id>.journal}): one JSON line per tool result and history entry
 * since the file was last written whole, so a call costs one small append however long the conversation is. The
 * file is written whole once per step (at the next other change) and the journal then emptied. Reading lays the
 * lines over the file: a line whose message id or call is already in the file (a crash between the two) is skipped,
 * and a last line cut short by a crash is ignored; any other unreadable line refuses the conversation.
 */
final class ConversationJournal {

    static final String SUFFIX = ".journal";

    void append(Path journal, ConversationMessage message) throws IOException {
        write(journal, JsonNodeFactory.instance.objectNode().set("message", ConversationCodec.messageNode(message)));
    }

    void append(Path journal, HistoryEntry entry) throws IOException {
        write(journal, JsonNodeFactory.instance.objectNode().set("history", ConversationCodec.historyNode(entry)));
    }

    /** Empties the journal once the whole file holds everything in it. */
    void clear(Path journal) throws IOException {
        Files.deleteIfExists(journal);
    }

    private static void write(Path journal, JsonNode line) throws IOException {
        // One write call per line: a kill leaves a line whole or cut at its end, never interleaved.
        Files.write(journal, (JsonTrees.compact(line) + "\n").getBytes(StandardCharsets.UTF_8),
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }

    /** {@code base} with the journal's lines laid over it; {@code base} itself when there is no journal. */
    Conversation.Snapshot replay(Conversation.Snapshot base, Path journal) throws IOException,
            ConversationCodec.Unreadable {
        String text;
        try {
            text = Files.readString(journal, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return base;
        }
        List<ConversationMessage> messages = new ArrayList<>(base.messages());
        List<HistoryEntry> history = new ArrayList<>(base.history());
        Set<String> messageIds = new HashSet<>();
        messages.forEach(m -> messageIds.add(m.id()));
        Set<String> calls = new HashSet<>();
        history.forEach(h -> calls.add(h.runId() + "\n" + h.callId()));
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            boolean last = i == lines.length - 1;
            if (lines[i].isEmpty()) {
                continue;
            }
            String where = "journal line " + (i + 1);
            JsonNode line;
            try {
                line = JsonTrees.read(lines[i]);
            } catch (JsonProcessingException e) {
                if (last) {
                    break; // the line a crash cut short: its call is answered as stopped
                }
                throw new ConversationCodec.Unreadable(where + " is not valid JSON");
            }
            if (line.has("message")) {
                ConversationMessage m = ConversationCodec.message(line.get("message"), where);
                if (messageIds.add(m.id())) {
                    messages.add(m);
                }
            } else if (line.has("history")) {
                HistoryEntry h = ConversationCodec.history(line.get("history"), where);
                if (calls.add(h.runId() + "\n" + h.callId())) {
                    history.add(h);
                }
            } else if (!last) {
                throw new ConversationCodec.Unreadable(where + " is neither a message nor a history entry");
            }
        }
        return new Conversation.Snapshot(base.id(), base.title(), messages, history, base.runs(), base.context());
    }
}
