package dev.agentls.cli;

import dev.agentls.agent.RunMode;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The slash commands of {@code agentls chat}, a table from name to a small action: {@code /plan TEXT}, {@code /ask
 * TEXT}, {@code /compact}, {@code /cost}, {@code /new}, {@code /undo}, {@code /help}, {@code /quit}. A mistyped one
 * is answered with the nearest name.
 */
final class ChatCommands {

    static final String SUMMARY = "/plan TEXT, /ask TEXT, /compact, /cost, /new, /undo, /help, /quit";

    /** What one command does with the text after its name; false ends the chat. */
    private interface Action {
        boolean run(String argument);
    }

    private final ChatSession session;
    private final PrintStream err;
    private final Map<String, Action> table = new LinkedHashMap<>();
    private final Map<String, String> help = new LinkedHashMap<>();

    ChatCommands(ChatSession session, PrintStream err) {
        this.session = session;
        this.err = err;
        add("/plan", "TEXT: plan first; the plan is shown for approval before any change", a -> mode(RunMode.PLAN, a));
        add("/ask", "TEXT: answer without changing any file", a -> mode(RunMode.ASK, a));
        add("/compact", "shorten the conversation's history (the first request always stays)", a -> compact());
        add("/cost", "tokens and cost of this chat so far", a -> {
            err.println(session.total());
            return true;
        });
        add("/new", "start a new conversation", a -> {
            session.newConversation();
            err.println("a new conversation starts with the next request");
            return true;
        });
        add("/undo", "put back the files the last request changed (refused if you edited them since)", a -> {
            session.undo();
            return true;
        });
        add("/help", "this list", a -> {
            help.forEach((name, text) -> err.println("  " + name + "  " + text));
            return true;
        });
        add("/quit", "end the chat (Ctrl-D too)", a -> false);
        table.put("/exit", a -> false);
    }

    private void add(String name, String text, Action action) {
        table.put(name, action);
        help.put(name, text);
    }

    /** Runs the command line {@code line} (starting with /); false when the chat should end. */
    boolean run(String line) {
        int space = line.indexOf(' ');
        String name = space < 0 ? line : line.substring(0, space);
        String argument = space < 0 ? "" : line.substring(space + 1).strip();
        Action action = table.get(name);
        if (action == null) {
            err.println("unknown command " + ShownArgument.of(name) + Suggestions.closest(name, List.copyOf(
                    table.keySet())).map(near -> "; did you mean " + near + "?").orElse("") + " (/help lists them)");
            return true;
        }
        return action.run(argument);
    }

    private boolean mode(RunMode mode, String text) {
        if (text.isEmpty()) {
            err.println("/" + mode.id() + " needs the request after it, e.g. /" + mode.id() + " how is the config read?");
            return true;
        }
        session.send(text, mode);
        return true;
    }

    private boolean compact() {
        if (session.conversation().isEmpty()) {
            err.println("nothing to compact: no request was sent in this conversation yet");
            return true;
        }
        List<dev.agentls.agent.AgentEvent.ContextPruned> pruned = session.compact(session.conversation().get());
        if (pruned.isEmpty()) {
            err.println("nothing to compact: the history cannot get shorter without losing the first request, the"
                    + " newest one or the last messages; it is left as it was");
        }
        for (dev.agentls.agent.AgentEvent.ContextPruned p : pruned) {
            err.println("compacted: " + p.dropped() + " (" + p.tokensSaved() + " tokens saved)");
        }
        return true;
    }
}
