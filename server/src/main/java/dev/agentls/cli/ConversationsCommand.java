package dev.agentls.cli;

import dev.agentls.agent.Agent;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.ConversationFileException;
import dev.agentls.conversation.ConversationMessage;
import dev.agentls.conversation.FileConversations;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.conversation.RunRecord;
import dev.agentls.outline.TokenCounter;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ToolCall;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code agentls conversations [--root DIR] list | show ID | rename ID TITLE | delete ID | compact ID [--model M]}:
 * the conversations kept under {@code DIR/.agentls/conversations/} (DIR defaults to the current folder). An
 * unreadable file is listed with its reason, refused by the other actions with its name and reason, and only ever
 * removed by {@code delete}.
 */
final class ConversationsCommand implements Subcommand {

    private static final String USAGE = "usage: agentls conversations [--root DIR] list | show ID | rename ID TITLE"
            + " | delete ID | compact ID [--model MODEL]";

    @Override
    public String name() {
        return "conversations";
    }

    @Override
    public String summary() {
        return "list, show, rename, delete or compact the workspace's conversations";
    }

    @Override
    public CommandHelp help() {
        return new CommandHelp(USAGE, "The conversations kept under DIR/.agentls/conversations/: list (title, date,"
                + " status, cost), show, rename, delete, or compact one (its first request is always kept).",
                List.of(new CommandHelp.Option("--root", "DIR", "the current folder", "the workspace folder"),
                        new CommandHelp.Option("--model", "MODEL", "gpt-4o",
                                "the model whose tokenizer counts the tokens compact saves")));
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        Path root = Path.of("");
        String model = "gpt-4o";
        for (int i = 0; i < rest.size(); i++) {
            if (rest.get(i).equals("--root") || rest.get(i).equals("--model")) {
                if (i + 1 >= rest.size()) {
                    throw new UsageException(rest.get(i) + " needs a value; " + USAGE);
                }
                if (rest.get(i).equals("--root")) {
                    root = Path.of(rest.get(i + 1));
                } else {
                    model = rest.get(i + 1);
                }
                rest.remove(i + 1);
                rest.remove(i);
                i--;
            }
        }
        if (rest.isEmpty()) {
            throw new UsageException(USAGE);
        }
        if (!Files.isDirectory(root)) {
            throw new UsageException("--root " + root + " is not a folder");
        }
        FileConversations store = new FileConversations(root, Clock.systemUTC());
        String action = rest.get(0);
        int arity = switch (action) {
            case "list" -> 1;
            case "show", "delete", "compact" -> 2;
            case "rename" -> 3;
            default -> throw new UsageException("unknown action '" + action + "'; " + USAGE);
        };
        if (action.equals("rename") ? rest.size() < arity : rest.size() != arity) {
            throw new UsageException(action + " takes " + (arity - 1) + (arity == 2 ? " argument" : " arguments")
                    + "; " + USAGE);
        }
        try {
            switch (action) {
                case "list" -> list(store, out);
                case "show" -> show(find(store, rest.get(1)), out);
                case "rename" -> store.rename(rest.get(1), String.join(" ", rest.subList(2, rest.size())));
                case "delete" -> {
                    store.delete(rest.get(1));
                    out.println("deleted " + rest.get(1));
                }
                default -> compact(find(store, rest.get(1)), model, out);
            }
            return 0;
        } catch (ConversationFileException | IllegalArgumentException e) {
            err.println("agentls conversations: " + e.getMessage());
            return 1;
        }
    }

    private static Conversation find(FileConversations store, String id) {
        return store.find(id).orElseThrow(() -> new IllegalArgumentException("no conversation with id '" + id
                + "' in " + store.folder()));
    }

    private static void list(FileConversations store, PrintStream out) {
        int hidden = 0;
        for (FileConversations.Summary s : store.list()) {
            if (s.problem().isPresent()) {
                out.println(s.id() + "  UNREADABLE: " + s.problem().get());
                continue;
            }
            Optional<ConversationRow> row = ConversationRow.of(store.find(s.id()).orElseThrow(),
                    modified(store.file(s.id())));
            if (row.isPresent()) {
                out.println(row.get().line());
            } else {
                hidden++;
            }
        }
        if (hidden > 0) {
            out.println("(" + hidden + (hidden == 1 ? " conversation" : " conversations") + " the model never"
                    + " answered not shown)");
        }
    }

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    private static void show(Conversation c, PrintStream out) {
        out.println("conversation " + c.id() + (c.title().isEmpty() ? "" : ": " + c.title()));
        for (ConversationMessage m : c.messages()) {
            out.println(m.id() + " " + describe(m.message()));
        }
        for (RunRecord run : c.runs()) {
            out.println("run " + run.runId() + " " + run.mode() + " " + run.status() + ", tokens in "
                    + run.usage().input() + " out " + run.usage().output()
                    + run.cost().map(cost -> ", cost " + cost.toPlainString()).orElse(""));
        }
    }

    private static String describe(ModelMessage message) {
        if (message instanceof ModelMessage.User u) {
            return "user: " + u.text();
        }
        if (message instanceof ModelMessage.System s) {
            return "system: " + s.text();
        }
        if (message instanceof ModelMessage.ToolResult r) {
            String first = r.content().lines().findFirst().orElse("");
            return "result of " + r.toolName() + (r.error() ? " (failed)" : "") + ": " + first
                    + " (" + r.content().lines().count() + " lines)";
        }
        ModelMessage.Assistant a = (ModelMessage.Assistant) message;
        StringBuilder text = new StringBuilder("assistant: ").append(a.text());
        for (ToolCall call : a.toolCalls()) {
            text.append(" [").append(call.name()).append(' ').append(call.argumentsJson()).append(']');
        }
        return text.toString();
    }

    private static void compact(Conversation c, String model, PrintStream out) {
        RequestHistory.Next next = Agent.history(TokenCounter.forModel(model), Long.MAX_VALUE).compact(c);
        if (next.pruned().isEmpty()) {
            out.println("nothing to compact in " + c.id() + ": no older file copy, tool result or turn could go"
                    + " without losing the first request, the newest one or the last " + 6 + " messages, or"
                    + " making the history longer; it is left as it was");
        }
        for (RequestHistory.Pruned p : next.pruned()) {
            out.println("context_pruned: " + p.dropped() + " (" + p.tokensSaved() + " tokens saved)");
        }
    }
}
