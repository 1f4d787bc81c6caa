package dev.agentls.conversation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.TokenUsage;
import dev.agentls.llm.ToolCall;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The file form of a conversation, version {@value #VERSION}: one JSON object {@code {"format": "agentls-conversation",
 * "version": 1, "id", "title", "messages", "history", "runs", "context"}}. Every field of every message is kept
 * (thinking signatures and redacted data byte for byte), so a restored conversation sends exactly the requests it
 * would have sent. Reading refuses, with the reason, anything that is not JSON, not this format, another version, or
 * missing a field; it never guesses.
 */
final class ConversationCodec {

    static final String FORMAT = "agentls-conversation";
    static final int VERSION = 1;

    /** Why a conversation file cannot be read; the message is the reason, without the file's name. */
    static final class Unreadable extends Exception {
        Unreadable(String reason) {
            super(reason);
        }
    }

    String write(Conversation.Snapshot conversation) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", FORMAT).put("version", VERSION).put("id", conversation.id())
                .put("title", conversation.title());
        ArrayNode messages = root.putArray("messages");
        for (ConversationMessage m : conversation.messages()) {
            messages.add(messageNode(m));
        }
        ArrayNode history = root.putArray("history");
        for (HistoryEntry h : conversation.history()) {
            history.add(historyNode(h));
        }
        ArrayNode runs = root.putArray("runs");
        for (RunRecord r : conversation.runs()) {
            ObjectNode run = runs.addObject().put("runId", r.runId()).put("mode", r.mode()).put("status", r.status())
                    .put("inputTokens", r.usage().input()).put("outputTokens", r.usage().output())
                    .put("cachedTokens", r.usage().cached());
            r.cost().ifPresentOrElse(c -> run.put("cost", c.toPlainString()), () -> run.putNull("cost"));
            run.put("started", r.started().toString()).put("ended", r.ended().toString());
        }
        ObjectNode context = root.putObject("context");
        ids(context.putArray("superseded"), conversation.context().superseded());
        ids(context.putArray("cleared"), conversation.context().cleared());
        ids(context.putArray("dropped"), conversation.context().dropped());
        return JsonTrees.pretty(root);
    }

    /** One message as the file holds it (also a journal line's content). */
    static ObjectNode messageNode(ConversationMessage m) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("id", m.id()).put("runId", m.runId());
        writeMessage(node, m.message());
        return node;
    }

    /** One history entry as the file holds it (also a journal line's content). */
    static ObjectNode historyNode(HistoryEntry h) {
        return JsonNodeFactory.instance.objectNode().put("runId", h.runId()).put("callId", h.callId())
                .put("tool", h.tool()).put("reason", h.reason()).put("params", h.params()).put("ok", h.ok())
                .put("result", h.result()).put("timestamp", h.timestamp().toString());
    }

    static ConversationMessage message(JsonNode m, String where) throws Unreadable {
        return new ConversationMessage(text(m, "id", where), text(m, "runId", where), modelMessage(m, where));
    }

    static HistoryEntry history(JsonNode h, String where) throws Unreadable {
        return new HistoryEntry(text(h, "runId", where), text(h, "callId", where), text(h, "tool", where),
                text(h, "reason", where), text(h, "params", where), bool(h, "ok", where), text(h, "result", where),
                instant(h, "timestamp", where));
    }

    private static void ids(ArrayNode array, Set<String> ids) {
        ContextState.sorted(ids).forEach(array::add);
    }

    private static void writeMessage(ObjectNode node, ModelMessage message) {
        if (message instanceof ModelMessage.System s) {
            node.put("role", "system").put("text", s.text());
        } else if (message instanceof ModelMessage.User u) {
            node.put("role", "user").put("text", u.text());
        } else if (message instanceof ModelMessage.ToolResult r) {
            node.put("role", "tool_result").put("callId", r.callId()).put("tool", r.toolName())
                    .put("content", r.content()).put("error", r.error());
        } else if (message instanceof ModelMessage.Assistant a) {
            ArrayNode blocks = node.put("role", "assistant").putArray("blocks");
            for (ModelMessage.Block block : a.blocks()) {
                if (block instanceof ModelMessage.Text t) {
                    blocks.addObject().put("type", "text").put("text", t.text());
                } else if (block instanceof ModelMessage.Thinking t) {
                    blocks.addObject().put("type", "thinking").put("text", t.text()).put("signature", t.signature());
                } else if (block instanceof ModelMessage.RedactedThinking r) {
                    blocks.addObject().put("type", "redacted_thinking").put("data", r.data());
                } else if (block instanceof ToolCall c) {
                    blocks.addObject().put("type", "tool_call").put("id", c.id()).put("name", c.name())
                            .put("arguments", c.argumentsJson());
                }
            }
        }
    }

    /** The conversation in {@code text}, whose file is named {@code expectedId}; refused with the reason. */
    Conversation.Snapshot read(String text, String expectedId) throws Unreadable {
        JsonNode root;
        try {
            root = JsonTrees.read(text);
        } catch (JsonProcessingException e) {
            throw new Unreadable("not valid JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new Unreadable("not a JSON object");
        }
        if (!FORMAT.equals(root.path("format").asText(null))) {
            throw new Unreadable("not an AgentLS conversation (\"format\" is " + root.path("format")
                    + ", expected \"" + FORMAT + "\")");
        }
        JsonNode version = root.path("version");
        if (!version.isInt() || version.asInt() != VERSION) {
            throw new Unreadable("format version " + version + " is not the version " + VERSION
                    + " this AgentLS reads");
        }
        String id = text(root, "id", "the file");
        if (!id.equals(expectedId)) {
            throw new Unreadable("it holds conversation '" + id + "', not '" + expectedId + "' as its name says");
        }
        try {
            List<ConversationMessage> messages = new ArrayList<>();
            for (JsonNode m : array(root, "messages")) {
                String where = "message " + (messages.size() + 1);
                messages.add(message(m, where));
            }
            List<HistoryEntry> history = new ArrayList<>();
            for (JsonNode h : array(root, "history")) {
                String where = "history entry " + (history.size() + 1);
                history.add(history(h, where));
            }
            List<RunRecord> runs = new ArrayList<>();
            for (JsonNode r : array(root, "runs")) {
                String where = "run " + (runs.size() + 1);
                JsonNode cost = r.path("cost");
                runs.add(new RunRecord(text(r, "runId", where), text(r, "mode", where), text(r, "status", where),
                        new TokenUsage(number(r, "inputTokens", where), number(r, "outputTokens", where),
                                number(r, "cachedTokens", where)),
                        cost.isTextual() ? Optional.of(new BigDecimal(cost.asText())) : Optional.empty(),
                        instant(r, "started", where), instant(r, "ended", where)));
            }
            JsonNode context = root.path("context");
            ContextState state = new ContextState(idSet(context, "superseded"), idSet(context, "cleared"),
                    idSet(context, "dropped"));
            return new Conversation.Snapshot(id, root.path("title").asText(""), messages, history, runs, state);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new Unreadable(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    private static ModelMessage modelMessage(JsonNode m, String where) throws Unreadable {
        String role = text(m, "role", where);
        switch (role) {
            case "system":
                return new ModelMessage.System(text(m, "text", where));
            case "user":
                return new ModelMessage.User(text(m, "text", where));
            case "tool_result":
                return new ModelMessage.ToolResult(text(m, "callId", where), text(m, "tool", where),
                        text(m, "content", where), bool(m, "error", where));
            case "assistant":
                List<ModelMessage.Block> blocks = new ArrayList<>();
                for (JsonNode b : array(m, "blocks")) {
                    String at = where + ", block " + (blocks.size() + 1);
                    String type = text(b, "type", at);
                    blocks.add(switch (type) {
                        case "text" -> new ModelMessage.Text(text(b, "text", at));
                        case "thinking" -> new ModelMessage.Thinking(text(b, "text", at), text(b, "signature", at));
                        case "redacted_thinking" -> new ModelMessage.RedactedThinking(text(b, "data", at));
                        case "tool_call" -> new ToolCall(text(b, "id", at), text(b, "name", at),
                                text(b, "arguments", at));
                        default -> throw new Unreadable(at + " has an unknown type \"" + type + "\"");
                    });
                }
                return new ModelMessage.Assistant(blocks);
            default:
                throw new Unreadable(where + " has an unknown role \"" + role + "\"");
        }
    }

    private static Iterable<JsonNode> array(JsonNode node, String field) throws Unreadable {
        JsonNode value = node.path(field);
        if (!value.isArray()) {
            throw new Unreadable("\"" + field + "\" is missing or not an array");
        }
        return value;
    }

    private static String text(JsonNode node, String field, String where) throws Unreadable {
        JsonNode value = node.path(field);
        if (!value.isTextual()) {
            throw new Unreadable(where + " has no text field \"" + field + "\"");
        }
        return value.asText();
    }

    private static boolean bool(JsonNode node, String field, String where) throws Unreadable {
        JsonNode value = node.path(field);
        if (!value.isBoolean()) {
            throw new Unreadable(where + " has no boolean field \"" + field + "\"");
        }
        return value.asBoolean();
    }

    private static long number(JsonNode node, String field, String where) throws Unreadable {
        JsonNode value = node.path(field);
        if (!value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() < 0) {
            throw new Unreadable(where + " has no count field \"" + field + "\"");
        }
        return value.asLong();
    }

    private static Instant instant(JsonNode node, String field, String where) throws Unreadable {
        String text = text(node, field, where);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new Unreadable(where + " has a \"" + field + "\" that is not an instant: " + text);
        }
    }

    private static Set<String> idSet(JsonNode context, String field) throws Unreadable {
        Set<String> ids = new TreeSet<>();
        JsonNode value = context.path(field);
        if (value.isMissingNode()) {
            return ids;
        }
        if (!value.isArray()) {
            throw new Unreadable("\"context." + field + "\" is not an array");
        }
        for (JsonNode id : value) {
            if (!id.isTextual()) {
                throw new Unreadable("\"context." + field + "\" holds a non-text id " + id);
            }
            ids.add(id.asText());
        }
        return ids;
    }
}
