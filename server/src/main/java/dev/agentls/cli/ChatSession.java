package dev.agentls.cli;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.Runs;
import dev.agentls.session.Undo;
import dev.agentls.workspace.AtomicWriter;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One {@code agentls chat}'s runs, each through the session core as {@code agentls run}'s: numbered, with its
 * transcript, diff and undo record under {@code .agentls/runs/}, under the workspace's approval policy, its changes
 * shown as diffs. Keeps the conversation they share, what they cost together, and the last run that changed files
 * ({@code /undo} undoes it from its record on disk, as {@code agentls undo N} does).
 */
final class ChatSession {

    /** The terminal the chat is on: its questions, its output, whether a person watches it, and its environment. */
    record Screen(TerminalHost.Prompter prompter, PrintStream out, PrintStream err, boolean tty,
                  Map<String, String> environment) {}

    private final ProcessWiring.Headless workspace;
    private final Runs runs;
    private final ApprovalPolicy policy;
    private final RunOptions options;
    private final TerminalHost.Prompter prompter;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean tty;
    private final Map<String, String> environment;
    private final AtomicReference<RunHandle> current;
    /** The view of the run under way, paused before a question is shown. */
    private final AtomicReference<LiveView> view = new AtomicReference<>();
    private Optional<String> conversation;
    private BigDecimal cost = BigDecimal.ZERO;
    private boolean costKnown = true;
    private long tokens;
    private Optional<String> lastChange = Optional.empty();

    /** @param current the run under way, for the terminal's interrupt to cancel */
    ChatSession(ProcessWiring.Headless workspace, RunOptions options, Screen screen, AtomicReference<RunHandle> current,
                Optional<String> conversation) {
        this.workspace = workspace;
        this.options = options;
        this.prompter = screen.prompter();
        this.out = screen.out();
        this.err = screen.err();
        this.tty = screen.tty();
        this.environment = screen.environment();
        this.current = current;
        this.conversation = conversation;
        this.policy = new ApprovalPolicy(ApprovingHost.mode(options.approvals()),
                new dev.agentls.session.AlwaysAllowed(options.workspace()));
        this.runs = workspace.runs(options::settings, policy, options.workspace());
        prompter.input().beforeShowing(() -> Optional.ofNullable(view.get()).ifPresent(LiveView::pause));
    }

    /** Runs one request on the conversation, shown live; returns when it ended. */
    void send(String text, RunMode mode) {
        RunRequest request = new RunRequest(text, mode, conversation, Optional.empty(), List.of(), List.of());
        LiveView shown = new LiveView(out, new LiveView.Look(tty, new DiffLines(options.workspace(),
                LiveView.Look.colour(tty, environment)), ModelErrorHint.of(options.settings().llm()),
                prompter.input()::asking, System::nanoTime));
        view.set(shown);
        AtomicBoolean changed = new AtomicBoolean();
        RunMessages toModel = new RunMessages();
        TerminalDoor door = new TerminalDoor("chat", workspace.workspace().documents(), prompter, err,
                options.approvals(), policy, event -> {
                    if (event instanceof AgentEvent.EditApplied) {
                        changed.set(true);
                    }
                    shown.onEvent(event);
                }, shown::applied, toModel);
        Runs.Started started;
        try {
            started = runs.start(request, door, outcome -> { });
        } catch (IllegalArgumentException | IllegalStateException refused) {
            err.println("agentls chat: refused: " + ShownArgument.redactKeys(String.valueOf(refused.getMessage())));
            return;
        }
        toModel.attach(started.handle());
        current.set(started.handle());
        try {
            RunOutcome outcome = started.handle().outcome().get();
            conversation = Optional.of(outcome.conversationId());
            if (changed.get()) {
                lastChange = Optional.of(started.runId());
                err.println("agentls chat: /undo puts back the files this request changed (or: agentls undo "
                        + started.runId() + ")");
            }
            tokens += outcome.usage().input() + outcome.usage().output();
            if (outcome.cost().isPresent()) {
                cost = cost.add(outcome.cost().get());
            } else if (outcome.usage().input() + outcome.usage().output() > 0) {
                costKnown = false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            started.handle().cancel();
        } catch (ExecutionException e) {
            err.println("agentls chat: " + ShownArgument.redactKeys(String.valueOf(e.getCause())));
        } finally {
            current.set(null);
            view.set(null);
            out.flush();
        }
    }

    /** Undoes the chat's last run that changed files, once, from its record on disk; the exit status of an undo. */
    int undo() {
        if (lastChange.isEmpty()) {
            err.println("agentls chat: nothing to undo: no request of this chat has changed files");
            return 1;
        }
        Undo undo = new Undo(options.workspace(), workspace.workspace().checkpoints(), new AtomicWriter());
        int status = UndoCommand.report("chat", undo.undoRun(lastChange), err, err);
        if (status == 0) {
            lastChange = Optional.empty();
        }
        return status;
    }

    /** Shortens the conversation's history by hand; what was dropped, one entry per pruning. */
    List<AgentEvent.ContextPruned> compact(String conversationId) {
        return runs.compact(conversationId, new ApprovingHost(new TerminalHost(workspace.workspace().documents(),
                        new AtomicWriter(), prompter, err), options.approvals())).stream()
                .filter(AgentEvent.ContextPruned.class::isInstance).map(AgentEvent.ContextPruned.class::cast)
                .toList();
    }

    /** Starts a new conversation with the next request. */
    void newConversation() {
        conversation = Optional.empty();
    }

    Optional<String> conversation() {
        return conversation;
    }

    String total() {
        return tokens + " tokens, " + (costKnown ? "$" + cost.setScale(4, RoundingMode.HALF_UP).toPlainString()
                : "cost unknown (the model has no price)") + conversation.map(c -> " in conversation " + c).orElse("");
    }

    void printTotal() {
        err.println("agentls chat: " + total());
    }
}
