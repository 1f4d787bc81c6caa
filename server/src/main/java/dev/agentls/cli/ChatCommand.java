package dev.agentls.cli;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.config.ConfigHome;
import dev.agentls.agent.RunHandle;
import dev.agentls.session.McpWiring;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code agentls chat [run's options] [PROMPT]}: prompts read in a loop, each a run on one conversation, in one
 * process with one set of MCP servers; each run goes through the session core as {@code agentls run}'s does
 * ({@link ChatSession}). On a terminal the lines come through JLine (editing, a history kept in
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
            try (ProcessWiring.Headless workspace = ProcessWiring.headless(options.workspace(), options.settings(),
                    mcp)) {
                ChatSession session = new ChatSession(workspace, options, new ChatSession.Screen(prompter, out, err,
                        tty, context.environment()), current, Continuation.conversation(options, err));
                err.println("agentls chat in " + options.workspace() + session.conversation().map(c
                        -> ", conversation " + c).orElse("") + " (/help for commands, Ctrl-D to quit)");
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
}
