package dev.agentls.cli;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.config.ConfigHome;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.session.McpWiring;
import dev.agentls.session.RunRecord;
import dev.agentls.session.RunTranscript;
import dev.agentls.session.Undo;
import dev.agentls.workspace.AtomicWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code agentls chat [run's options] [PROMPT]}: prompts read in a loop, each a run on one conversation, in one
 * process with one set of MCP servers. On a terminal the lines come through JLine (editing, a history kept in
 * {@code ~/.local/state/agentls/chat_history}); otherwise one prompt per line of standard input. Slash commands:
 * {@link ChatCommands}. Ctrl-C cancels the run in progress (or answers a question with no), Ctrl-D or /quit ends.
 */
final class ChatCommand implements Subcommand {

    static final String PROMPT = "agentls> ";

    private final InputStream stdin;
    private final RunCommand.Terminal terminal;
    private final McpWiring mcp;
    private final RunContext context;

    ChatCommand(InputStream stdin, RunCommand.Terminal terminal, McpWiring mcp, RunContext context) {
        this.stdin = stdin;
        this.terminal = terminal;
        this.mcp = mcp;
        this.context = context;
    }

    @Override
    public String name() {
        return "chat";
    }

    @Override
    public String summary() {
        return "talk with the agent in a loop on one conversation (/help lists the slash commands)";
    }

    @Override
    public CommandHelp help() {
        CommandHelp run = RunOptions.help("chat", "Reads requests in a loop, each a run on the same conversation,"
                + " with line editing and history on a terminal. Slash commands: " + ChatCommands.SUMMARY + ".");
        return new CommandHelp(run.usage(), run.about(), run.options());
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        RunOptions options;
        try {
            options = RunOptions.parse(args, context, false);
        } catch (UsageException e) {
            if (!(e instanceof SettingsFileException)) {
                throw e;
            }
            err.println("agentls chat: " + ShownArgument.redactKeys(e.getMessage()));
            return RunCommand.FAILED;
        }
        if (options.promptFromStdin()) {
            throw new UsageException("chat reads its prompts from the terminal; -p - is for agentls run");
        }
        options.warnings().forEach(warning -> err.println("agentls chat: warning: " + warning));
        Optional<String> refusal = CostGuard.refusal(options.settings());
        if (refusal.isPresent()) {
            err.println("agentls chat: refused: " + refusal.get());
            return RunCommand.FAILED;
        }
        boolean tty = !options.json() && terminal.interactive();
        ExecutorService threads = DaemonThreads.pool("agentls-chat");
        try (JLineSource jline = tty ? JLineSource.open(history()) : null) {
            LineSource source = jline != null ? jline : LineSource.of(new BufferedReader(new InputStreamReader(stdin,
                    StandardCharsets.UTF_8)));
            TerminalInput input = new TerminalInput(source, threads, err);
            TerminalHost.Prompter prompter = new TerminalHost.Prompter(input, err);
            AtomicReference<RunHandle> current = new AtomicReference<>();
            Runnable cancel = () -> Optional.ofNullable(current.get()).ifPresent(RunHandle::cancel);
            input.onInterrupt(cancel);
            if (jline != null) {
                jline.onInterrupt(cancel);
            }
            try (AgentWorkspace workspace = new AgentWorkspace(options.workspace(), options.settings(), mcp,
                    documents -> new ApprovingHost(new TerminalHost(documents, new AtomicWriter(), prompter, err),
                            options.approvals(), new dev.agentls.session.ApprovalPolicy(ApprovingHost.mode(
                                    options.approvals()), new dev.agentls.session.AlwaysAllowed(options.workspace())),
                            "chat", note -> err.println("agentls chat: " + note),
                            reason -> Optional.ofNullable(current.get()).ifPresent(run -> run.steer(reason))))) {
                Session session = new Session(workspace, options, out, err, tty, current);
                session.conversation = Continuation.conversation(options, err);
                err.println("agentls chat in " + options.workspace() + session.conversation.map(c -> ", conversation "
                        + c).orElse("") + " (/help for commands, Ctrl-D to quit)");
                if (!options.prompt().isBlank()) {
                    session.send(options.prompt(), options.mode());
                }
                ChatCommands commands = new ChatCommands(session, err);
                while (true) {
                    Optional<String> line = input.ask(() -> { }, PROMPT).line().join();
                    if (line.isEmpty()) {
                        break;
                    }
                    String text = line.get().strip();
                    if (text.isEmpty()) {
                        continue;
                    }
                    if (text.startsWith("/")) {
                        if (!commands.run(text)) {
                            break;
                        }
                        continue;
                    }
                    session.send(text, options.mode());
                }
                session.printTotal();
            }
        } catch (IOException e) {
            err.println("agentls chat: cannot open the terminal: " + e.getMessage());
            return RunCommand.FAILED;
        } finally {
            threads.shutdownNow();
        }
        return RunCommand.COMPLETED;
    }

    /** Where the line history lives: {@code $XDG_STATE_HOME/agentls}, else {@code ~/.local/state/agentls}. */
    private Path history() {
        String state = context.environment().get("XDG_STATE_HOME");
        Path base = state != null && Path.of(state).isAbsolute() ? Path.of(state)
                : ConfigHome.directory(context.environment()).getParent().getParent().resolve(".local/state");
        return base.resolve("agentls").resolve("chat_history");
    }

    /** One chat's runs: the conversation they share, and what they cost together. */
    static final class Session {
        private final AgentWorkspace workspace;
        private final RunOptions options;
        private final PrintStream out;
        private final PrintStream err;
        private final boolean tty;
        private final AtomicReference<RunHandle> current;
        Optional<String> conversation = Optional.empty();
        private BigDecimal cost = BigDecimal.ZERO;
        private boolean costKnown = true;
        private long tokens;
        private Optional<RunRecord> lastChange = Optional.empty();

        Session(AgentWorkspace workspace, RunOptions options, PrintStream out, PrintStream err, boolean tty,
                AtomicReference<RunHandle> current) {
            this.workspace = workspace;
            this.options = options;
            this.out = out;
            this.err = err;
            this.tty = tty;
            this.current = current;
        }

        /** Runs one request on the conversation, shown live; returns when it ended. */
        void send(String text, RunMode mode) {
            RunRequest request = new RunRequest(text, mode, conversation, Optional.empty(), List.of(), List.of());
            LiveView view = new LiveView(out, tty, ModelErrorHint.of(options.settings().llm()));
            List<String> checkpointIds = new java.util.concurrent.CopyOnWriteArrayList<>();
            RunHandle handle;
            try {
                handle = workspace.agent().run(request, event -> {
                    if (event instanceof dev.agentls.agent.AgentEvent.EditApplied edit
                            && !checkpointIds.contains(edit.checkpointId())) {
                        checkpointIds.add(edit.checkpointId());
                    }
                    view.onEvent(event);
                });
            } catch (IllegalArgumentException refused) {
                err.println("agentls chat: refused: " + refused.getMessage());
                return;
            }
            current.set(handle);
            try {
                RunOutcome outcome = handle.outcome().get();
                conversation = Optional.of(outcome.conversationId());
                Optional<RunRecord> changed = Undo.capture("\"" + RunTranscript.firstLine(text) + "\"",
                        checkpointIds, workspace.workspace().checkpoints());
                if (changed.isPresent()) {
                    lastChange = changed;
                    err.println("agentls chat: /undo puts back the files this request changed");
                }
                tokens += outcome.usage().input() + outcome.usage().output();
                if (outcome.cost().isPresent()) {
                    cost = cost.add(outcome.cost().get());
                } else if (outcome.usage().input() + outcome.usage().output() > 0) {
                    costKnown = false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                handle.cancel();
            } catch (ExecutionException e) {
                err.println("agentls chat: " + e.getCause());
            } finally {
                current.set(null);
                out.flush();
            }
        }

        /** Undoes the chat's last run that changed files, once. */
        int undo() {
            if (lastChange.isEmpty()) {
                err.println("agentls chat: nothing to undo: no request of this chat has changed files");
                return 1;
            }
            Undo undo = new Undo(options.workspace(), workspace.workspace().checkpoints(), new AtomicWriter());
            int status = UndoCommand.report("chat", undo.undo(lastChange.get()), err, err);
            if (status == 0) {
                lastChange = Optional.empty();
            }
            return status;
        }

        String total() {
            return tokens + " tokens, " + (costKnown ? "$" + cost.setScale(4, java.math.RoundingMode.HALF_UP)
                    .toPlainString() : "cost unknown (the model has no price)") + conversation.map(c
                    -> " in conversation " + c).orElse("");
        }

        void printTotal() {
            err.println("agentls chat: " + total());
        }

        Optional<String> conversation() {
            return conversation;
        }

        AgentWorkspace workspace() {
            return workspace;
        }
    }
}
