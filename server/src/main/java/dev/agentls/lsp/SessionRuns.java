package dev.agentls.lsp;

import dev.agentls.agent.Agent;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentEventJson;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.config.AgentLsSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import com.google.gson.JsonParser;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ShowDocumentParams;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The runs of one session: starts each on an {@link Agent} made from the settings in force at that moment, with the
 * run's own host, watch and transcript (opened in the editor with {@code window/showDocument}, without focus, where
 * the client declares it), numbers them {@code 1, 2, 3...} (the {@code #3} the user reads, after the transcripts
 * already in the workspace), and finds the ones still under way for {@code agentls.cancel} and {@code agentls.steer}.
 * Starting returns at once; the run goes on the agent's executor. From the editor, a run is set up on the session's
 * executor ({@link #startInOrder}), never on LSP4J's reader thread: a session's first run builds its tools,
 * conversations and prompt layers and writes its conversation's file, hundreds of milliseconds under load during which
 * the editor's other requests would go unanswered.
 */
final class SessionRuns {

    /** What {@code agentls.run} answers: the run's id and its conversation's. */
    record Started(String runId, String conversationId) {}

    private final SessionAgents agents;
    private final Supplier<AgentLsSettings> settings;
    private final LspHost editor;
    private final LanguageClient client;
    private final ClientCapabilities capabilities;
    private final EditorAsking asking;
    private final Milestones milestones;
    private final Path root;
    private final RunAnchors anchors;
    private final Function<String, RunEditWatch> editWatches;
    private final AtomicInteger numbers;
    private final Map<String, RunHandle> running = new ConcurrentHashMap<>();
    private final AtomicInteger compactions = new AtomicInteger();
    private final Executor setUp;
    private final Supplier<RunEditorFiles> runFiles;
    /** The last run set up or being set up: each waits for the one before, so runs are numbered as they came. */
    private CompletableFuture<?> lastSetUp = CompletableFuture.completedFuture(null);

    /**
     * @param root  where transcripts go ({@code .agentls/runs}); runs are numbered after the ones found there
     * @param setUp where {@link #startInOrder} sets runs up, off the protocol threads
     * @param runFiles makes each run's view of its files (saves before commands, the editor's diagnostics)
     */
    SessionRuns(SessionAgents agents, Supplier<AgentLsSettings> settings, LspHost editor, LanguageClient client,
                ClientCapabilities capabilities, EditorAsking asking, Milestones milestones, Path root,
                RunAnchors anchors, Function<String, RunEditWatch> editWatches, Executor setUp,
                Supplier<RunEditorFiles> runFiles) {
        this.runFiles = runFiles;
        this.root = root;
        this.setUp = setUp;
        this.editWatches = editWatches;
        this.anchors = anchors;
        this.numbers = new AtomicInteger(RunTranscript.lastNumber(root));
        this.agents = agents;
        this.settings = settings;
        this.editor = editor;
        this.client = client;
        this.capabilities = capabilities;
        this.asking = asking;
        this.milestones = milestones;
    }

    /**
     * Starts the run.
     *
     * @throws IllegalArgumentException when the request names a conversation this session does not know
     * @throws IllegalStateException when the session has no agent
     */
    Started start(RunRequest request) {
        return start(request, outcome -> { });
    }

    /**
     * Starts the run on the set-up executor, after every run asked for before it (so their numbers follow the order
     * of the requests); completes with {@link #start}'s answer, or its exception.
     */
    synchronized CompletableFuture<Started> startInOrder(RunRequest request, Consumer<RunOutcome> ended) {
        CompletableFuture<Started> started = lastSetUp.handleAsync((previous, failed) -> start(request, ended), setUp);
        lastSetUp = started;
        return started;
    }

    /**
     * Does {@code work} on the set-up executor, off the reader thread: the session's conversations and agents are
     * built at their first use, which may be a listing or a compaction rather than a run.
     */
    <T> CompletableFuture<T> offTheReader(java.util.function.Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, setUp);
    }

    /** Starts the run; {@code ended} hears its outcome once it is over. */
    Started start(RunRequest request, Consumer<RunOutcome> ended) {
        String runId = String.valueOf(numbers.incrementAndGet());
        request.selection().ifPresent(selection ->
                anchors.put(runId, new RunAnchors.Anchor(selection.uri(), selection.range().startLine())));
        ClientExtensions declared = ClientExtensions.of(capabilities);
        Progress progress = new Progress(client, capabilities);
        RunTranscript transcript = new RunTranscript(root, runId, request.prompt(),
                problem -> client.showMessage(new MessageParams(MessageType.Warning, "AgentLS #" + runId + ": "
                        + problem)));
        RunNotes notes = text -> {
            transcript.note(text);
            milestones.add("AgentLS #" + runId + ": " + text);
        };
        RunEditWatch edits = editWatches.apply(runId);
        RunEditorHost host = new RunEditorHost(runId, editor, asking, notes, progress::report, changes -> {
            transcript.landed(changes);
            edits.landed(changes);
        }, edits::seen, runFiles.get());
        Agent agent = agents.agent(settings.get(), host, runId);
        RunWatch watch = new RunWatch(runId, request.prompt(), client, declared, progress, milestones,
                transcript);
        RunHandle handle = agent.run(request, event -> {
            edits.onEvent(event);
            transcript.onEvent(event);
            watch.onEvent(event);
        });
        running.put(runId, handle);
        watch.accepted();
        handle.outcome().whenComplete((outcome, error) -> {
            running.remove(runId);
            asking.runEnded(runId, outcome == null ? "the run ended" : "the run ended ("
                    + outcome.status().id() + ")");
            anchors.remove(runId);
            if (outcome != null) {
                ended.accept(outcome);
            }
        });
        if (declared.showDocument()) {
            ShowDocumentParams show = new ShowDocumentParams(transcript.markdown().toUri().toString());
            show.setTakeFocus(false);
            client.showDocument(show);
        }
        return new Started(runId, handle.conversationId());
    }

    /**
     * Prunes a conversation by hand ({@code agentls.compact}) on an agent of the settings in force, and sends its
     * events ({@code compact-N}: run_started, context_pruned per pruning, run_finished) as {@code agentls/event} to a
     * client that declared them.
     *
     * @throws IllegalArgumentException when the id is unknown or not a plain name
     * @throws IllegalStateException when a run of this session is under way on it, or the session has no agent
     */
    List<AgentEvent> compact(String conversationId) {
        for (Map.Entry<String, RunHandle> run : running.entrySet()) {
            if (run.getValue().conversationId().equals(conversationId)) {
                throw new IllegalStateException("conversation '" + conversationId + "' has run #" + run.getKey()
                        + " under way; cancel it (agentls.cancel) or wait for its end");
            }
        }
        String runId = "compact-" + compactions.incrementAndGet();
        List<AgentEvent> events = agents.agent(settings.get(), editor, runId).compactEvents(conversationId, runId);
        if (ClientExtensions.of(capabilities).events() && client instanceof AgentLsClient extended) {
            for (AgentEvent event : events) {
                extended.agentEvent(JsonParser.parseString(AgentEventJson.toJson(event).toString())
                        .getAsJsonObject());
            }
        }
        return events;
    }

    /** The run with this id while it is under way. */
    Optional<RunHandle> find(String runId) {
        return Optional.ofNullable(running.get(runId));
    }

    /** The ids of the runs under way, in number order. */
    List<String> runningIds() {
        return running.keySet().stream().sorted((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)))
                .toList();
    }

    List<String> conversationIds() {
        return agents.conversationIds();
    }

    /** The session's MCP servers as JSON text, under the settings in force. */
    String mcpServers() {
        return agents.mcpServers(settings.get());
    }

    /** Ends what the session's agents keep running (MCP servers). */
    void close() {
        agents.close();
    }
}
