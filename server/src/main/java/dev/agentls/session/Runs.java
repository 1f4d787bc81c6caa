package dev.agentls.session;

import dev.agentls.agent.Agent;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.host.Host;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The runs of one workspace, whichever front door starts them: each on an {@link Agent} made from the settings in
 * force at that moment, behind a {@link GuardedHost} that keeps the user's typing, with its transcript and edit log
 * ({@link RunTranscript}), numbered {@code 1, 2, 3...} after the transcripts already in the workspace; the ones still
 * under way are found for cancel and steer. A second run on a conversation with one under way is refused by the
 * conversation store, before anything starts. {@link #startInOrder} sets runs up on the set-up executor, never on a
 * protocol's reader thread: a first run builds the tools, conversations and prompt layers.
 */
public final class Runs {

    /** Refuses work on a conversation with a run under way, naming the run; a front door words it its own way. */
    public static final class RunUnderWay extends IllegalStateException {
        private final String conversationId;
        private final String runId;

        RunUnderWay(String conversationId, String runId) {
            super("conversation '" + conversationId + "' has run #" + runId + " under way; cancel it or wait for"
                    + " its end");
            this.conversationId = conversationId;
            this.runId = runId;
        }

        public String conversationId() {
            return conversationId;
        }

        public String runId() {
            return runId;
        }
    }

    /** A run under way: its id, its conversation's, its transcript, and its handle. */
    public record Started(String runId, String conversationId, Path transcript, RunHandle handle) {}

    private final Agents agents;
    private final Supplier<AgentLsSettings> settings;
    private final Workspace workspace;
    private final ApprovalPolicy approvals;
    private final Path home;
    private final AtomicInteger numbers;
    private final Map<String, RunHandle> running = new ConcurrentHashMap<>();
    private final AtomicInteger compactions = new AtomicInteger();
    /** Which run last changed each file, for a later run that meets the change unseen. */
    private final RunWrites writes = new RunWrites();
    private final Executor setUp;
    /** The last run set up or being set up: each waits for the one before, so runs are numbered as they came. */
    private CompletableFuture<?> lastSetUp = CompletableFuture.completedFuture(null);

    /**
     * @param home  where transcripts go ({@code .agentls/runs}); runs are numbered after the ones found there
     * @param setUp where {@link #startInOrder} sets runs up, off the protocol threads
     */
    public Runs(Agents agents, Supplier<AgentLsSettings> settings, Workspace workspace, ApprovalPolicy approvals,
                Path home, Executor setUp) {
        this.agents = agents;
        this.settings = settings;
        this.workspace = workspace;
        this.approvals = approvals;
        this.home = home;
        this.setUp = setUp;
        this.numbers = new AtomicInteger(RunTranscript.lastNumber(home));
    }

    public ApprovalPolicy approvals() {
        return approvals;
    }

    /**
     * Starts the run on the set-up executor, after every run asked for before it (so their numbers follow the order
     * of the requests); completes with {@link #start}'s answer, or its exception.
     */
    public synchronized CompletableFuture<Started> startInOrder(RunRequest request, RunDoor door,
                                                                Consumer<RunOutcome> ended) {
        CompletableFuture<Started> started = lastSetUp.handleAsync((previous, failed) -> start(request, door, ended),
                setUp);
        lastSetUp = started;
        return started;
    }

    /**
     * Does {@code work} on the set-up executor, off the reader thread: the conversations and agents are built at
     * their first use, which may be a listing or a compaction rather than a run.
     */
    public <T> CompletableFuture<T> offTheReader(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, setUp);
    }

    /**
     * Starts the run; {@code ended} hears its outcome once it is over.
     *
     * @throws IllegalArgumentException when the request names a conversation this workspace does not know
     * @throws IllegalStateException when the conversation has a run under way, or there is no agent
     */
    public Started start(RunRequest request, RunDoor door, Consumer<RunOutcome> ended) {
        String runId = String.valueOf(nextNumber());
        RunDoor.Run shown = door.open(runId, request);
        RunTranscript transcript = new RunTranscript(home, runId, request.prompt(), shown::warn);
        RunNotes notes = text -> {
            transcript.note(text);
            shown.note(text);
        };
        ModelView view = new ModelView(workspace.roots(), workspace.documents());
        Host host = new GuardedHost(shown.host(notes, transcript), view::seen,
                (path, text) -> writes.writer(path, text, runId), changes -> {
                    transcript.applied(changes);
                    view.applied(changes);
                    shown.applied(changes);
                    writes.applied(runId, request.prompt(), changes);
                });
        RunHandle handle;
        try {
            Agent agent = agents.agent(settings.get(), host, runId);
            List<String> checkpointIds = new java.util.concurrent.CopyOnWriteArrayList<>();
            handle = agent.run(request, event -> {
                remember(runId, checkpointIds, event, shown);
                view.onEvent(event);
                transcript.onEvent(event);
                shown.onEvent(event);
            });
        } catch (RuntimeException refused) {
            shown.ended("the run was refused");
            throw refused;
        }
        running.put(runId, handle);
        shown.accepted(transcript.markdown());
        handle.outcome().whenComplete((outcome, error) -> {
            running.remove(runId);
            approvals.runEnded(runId);
            shown.ended(outcome == null ? "the run ended" : "the run ended (" + outcome.status().id() + ")");
            if (outcome != null) {
                ended.accept(outcome);
            }
        });
        return new Started(runId, handle.conversationId(), transcript.markdown(), handle);
    }

    /**
     * The next number no transcript has: other sessions over the folder (each ACP session has its own) and other
     * processes number from the same transcripts, so a number is taken by creating its file.
     */
    private int nextNumber() {
        int number = numbers.incrementAndGet();
        while (!RunTranscript.claim(home, number)) {
            number = numbers.incrementAndGet();
        }
        return number;
    }

    /**
     * Keeps the checkpoints of the run's edits and, as it finishes (before its outcome is known to anyone), writes
     * its undo record, so {@code agentls undo N} can run the moment the run's process ends.
     */
    private void remember(String runId, List<String> checkpointIds, AgentEvent event, RunDoor.Run shown) {
        if (event instanceof AgentEvent.EditApplied edit && !checkpointIds.contains(edit.checkpointId())) {
            checkpointIds.add(edit.checkpointId());
        } else if (event instanceof AgentEvent.RunFinished) {
            try {
                Undo.remember(home, runId, checkpointIds, workspace.checkpoints());
            } catch (java.io.IOException | RuntimeException e) {
                shown.warn("cannot keep what undoing run " + runId + " needs: " + e.getMessage());
            }
        }
    }

    /**
     * Prunes a conversation by hand on an agent of the settings in force; its events are {@code compact-N}'s
     * (run_started, context_pruned per pruning, run_finished).
     *
     * @throws IllegalArgumentException when the id is unknown or not a plain name
     * @throws IllegalStateException when a run is under way on it, or there is no agent
     */
    public List<AgentEvent> compact(String conversationId, Host host) {
        for (Map.Entry<String, RunHandle> run : running.entrySet()) {
            if (run.getValue().conversationId().equals(conversationId)) {
                throw new RunUnderWay(conversationId, run.getKey());
            }
        }
        String runId = "compact-" + compactions.incrementAndGet();
        return agents.agent(settings.get(), host, runId).compactEvents(conversationId, runId);
    }

    /** The run with this id while it is under way. */
    public Optional<RunHandle> find(String runId) {
        return Optional.ofNullable(running.get(runId));
    }

    /** The ids of the runs under way, in number order. */
    public List<String> runningIds() {
        return running.keySet().stream().sorted((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)))
                .toList();
    }

    public List<String> conversationIds() {
        return agents.conversationIds();
    }

    /** The MCP servers as JSON text, under the settings in force. */
    public String mcpServers() {
        return agents.mcpServers(settings.get());
    }

    /** Ends what the agents keep running (MCP servers). */
    public void close() {
        agents.close();
    }
}
