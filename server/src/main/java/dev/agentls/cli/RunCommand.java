package dev.agentls.cli;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.agent.AgentEventJson;
import dev.agentls.agent.AgentListener;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.McpWiring;
import dev.agentls.session.RunDoor;
import dev.agentls.session.Runs;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * {@code agentls run --workspace DIR --prompt TEXT [--mode direct|plan|ask] [--conversation ID] [--json]
 * [--approve ask|deny|all] [--settings FILE]} and every model flag: one agent run, headless, on the folder's files,
 * with the settings section FILE holds (its MCP servers too) under the flags, which win key by key. It prints the run
 * as a {@link LiveView} (or, with {@code --json}, one {@link AgentEventJson} object per line and nothing else on
 * stdout); approvals and questions are asked on stderr and read from stdin. Exit status: 0 completed, 1 failed,
 * stopped by a limit or refused (a settings file that cannot be used: before anything starts; a conversation with a
 * run under way), 2 bad arguments, 130 cancelled (an interrupt cancels the run cleanly: its command processes die, no
 * change is left half-written, and {@code run_finished} is still printed). The run goes through the session core as
 * an editor's does: numbered after the workspace's transcripts, with its transcript and diff under
 * {@code .agentls/runs/}, checkpoints under {@code .agentls/checkpoints/} and the workspace's approval policy.
 */
final class RunCommand implements Subcommand {

    static final int COMPLETED = 0;
    static final int FAILED = 1;
    static final int CANCELLED = 130;
    private static final long SPINNER_MILLIS = 120;

    private final InputStream stdin;
    private final Terminal terminal;
    private final McpWiring mcp;
    private final RunContext context;

    /**
     * What the command needs of its process: whether stdout is a terminal a person watches, and how to learn of an
     * interrupt (the product: a shutdown hook, which SIGINT runs; tests call the action themselves).
     */
    interface Terminal {
        boolean interactive();

        /** Calls {@code cancel} when the user interrupts; the returned action unregisters it. */
        Runnable onInterrupt(Runnable cancel);

        static Terminal ofProcess() {
            return new Terminal() {
                @Override
                public boolean interactive() {
                    String term = System.getenv("TERM");
                    return System.console() != null && !"dumb".equals(term);
                }

                @Override
                public Runnable onInterrupt(Runnable cancel) {
                    Thread hook = new Thread(cancel, "agentls-run-interrupt");
                    Runtime.getRuntime().addShutdownHook(hook);
                    return () -> {
                        try {
                            Runtime.getRuntime().removeShutdownHook(hook);
                        } catch (IllegalStateException shuttingDown) {
                            // The hook is already running: the interrupt came as the run ended.
                        }
                    };
                }
            };
        }
    }

    RunCommand(InputStream stdin, Terminal terminal) {
        this(stdin, terminal, McpWiring.ofProcess(System.err));
    }

    /** @param mcp where the workspace's MCP servers are configured from (tests give a scratch home) */
    RunCommand(InputStream stdin, Terminal terminal, McpWiring mcp) {
        this(stdin, terminal, mcp, RunContext.isolated());
    }

    /** @param context the folder, environment and user settings folder the options are read against */
    RunCommand(InputStream stdin, Terminal terminal, McpWiring mcp, RunContext context) {
        this.stdin = stdin;
        this.terminal = terminal;
        this.mcp = mcp;
        this.context = context;
    }

    @Override
    public CommandHelp help() {
        return RunOptions.help("run", "Runs the agent once on the workspace's files with the request given, shows"
                + " it live, and exits: 0 completed, 1 failed or refused, 2 bad arguments, 130 interrupted.");
    }

    @Override
    public String name() {
        return "run";
    }

    @Override
    public String summary() {
        return "run the agent once: agentls run \"fix the failing test\" [-c] [--approve ask|deny|all]";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        RunOptions parsed;
        try {
            parsed = RunOptions.parse(args, context, true);
            if (parsed.promptFromStdin()) {
                parsed = parsed.withPrompt(PromptInput.read(stdin));
            }
        } catch (UsageException e) {
            // Tested here, not caught by its own type: a catch clause loads its class at every start, and a run
            // without --settings loads nothing of the settings file.
            if (!(e instanceof SettingsFileException)) {
                throw e;
            }
            // A refusal before anything is made: no model call, no file, no MCP server.
            err.println("agentls run: " + ShownArgument.redactKeys(e.getMessage()));
            return FAILED;
        }
        RunOptions options = parsed;
        options.warnings().forEach(warning -> err.println("agentls run: warning: "
                + ShownArgument.redactKeys(warning)));
        java.util.Optional<String> costRefusal = CostGuard.refusal(options.settings());
        if (costRefusal.isPresent()) {
            err.println("agentls run: refused: " + costRefusal.get());
            return FAILED;
        }
        RunRequest request;
        try {
            request = new RunRequest(options.prompt(), options.mode(), Continuation.conversation(options, err),
                    java.util.Optional.empty(), java.util.List.of(), java.util.List.of());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        boolean tty = !options.json() && terminal.interactive();
        TerminalHost.Prompter prompter = new TerminalHost.Prompter(
                new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)), err,
                Executors.newSingleThreadExecutor(DaemonThreads.named("agentls-run-terminal")));
        LiveView view = new LiveView(out, new LiveView.Look(tty, new DiffLines(options.workspace(),
                LiveView.Look.colour(tty, context.environment())), ModelErrorHint.of(options.settings().llm()),
                prompter.input()::asking, System::nanoTime));
        prompter.input().beforeShowing(view::pause);
        AgentListener shown = options.json() ? event -> printJson(out, event) : view;
        java.util.concurrent.atomic.AtomicBoolean changed = new java.util.concurrent.atomic.AtomicBoolean();
        AgentListener listener = event -> {
            if (event instanceof dev.agentls.agent.AgentEvent.EditApplied) {
                changed.set(true);
            }
            shown.onEvent(event);
        };
        ApprovalPolicy policy = new ApprovalPolicy(ApprovingHost.mode(options.approvals()),
                new AlwaysAllowed(options.workspace()));
        try (ProcessWiring.Headless workspace = ProcessWiring.oneShot(options.workspace(), options.settings(),
                mcp)) {
            Runs runs = workspace.runs(options::settings, policy, options.workspace());
            RunMessages toModel = new RunMessages();
            RunDoor door = new TerminalDoor("run", workspace.workspace().documents(), prompter, err,
                    options.approvals(), policy, listener, changes -> {
                        if (!options.json()) {
                            view.applied(changes);
                        }
                    }, toModel);
            Runs.Started started;
            try {
                started = runs.start(request, door, outcome -> { });
                toModel.attach(started.handle());
            } catch (IllegalArgumentException | IllegalStateException refused) {
                err.println("agentls run: refused: " + ShownArgument.redactKeys(String.valueOf(refused.getMessage())));
                return FAILED;
            }
            RunHandle handle = started.handle();
            ScheduledExecutorService spinner = DaemonThreads.timer("agentls-run-terminal");
            if (tty) {
                spinner.scheduleAtFixedRate(view::tick, SPINNER_MILLIS, SPINNER_MILLIS, TimeUnit.MILLISECONDS);
            }
            Runnable unregister = terminal.onInterrupt(() -> cancelAndWait(handle));
            try {
                int status = status(handle.outcome().get());
                if (changed.get()) {
                    (options.json() ? err : out).println(undoHint(started.runId(), options.workspace()));
                }
                return status;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                cancelAndWait(handle);
                return CANCELLED;
            } catch (ExecutionException e) {
                err.println("agentls run: " + ShownArgument.redactKeys(String.valueOf(e.getCause())));
                return FAILED;
            } finally {
                unregister.run();
                spinner.shutdownNow();
                out.flush();
            }
        }
    }

    /** How to undo the run just ended; names the workspace when it is not the one found from the current folder. */
    private String undoHint(String runId, java.nio.file.Path workspace) {
        java.nio.file.Path root = workspace.toAbsolutePath().normalize();
        boolean here = root.equals(WorkspaceRoot.of(context.cwd()));
        return "to undo this run's changes: agentls undo " + runId + (here ? "" : " --workspace " + root);
    }

    /** Cancels the run and waits (bounded) for its {@code run_finished}, so an interrupted process still prints it. */
    private static void cancelAndWait(RunHandle handle) {
        handle.cancel();
        try {
            handle.outcome().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            // Nothing more to wait for: the process is ending either way.
        }
    }

    static int status(RunOutcome outcome) {
        return switch (outcome.status()) {
            case COMPLETED -> COMPLETED;
            case CANCELLED -> CANCELLED;
            case FAILED, MAX_ITERATIONS, BUDGET -> FAILED;
        };
    }

    private static void printJson(PrintStream out, dev.agentls.agent.AgentEvent event) {
        synchronized (out) {
            out.println(AgentEventJson.line(event));
            out.flush();
        }
    }
}
