package dev.agentls.lsp;

import dev.agentls.agent.Agent;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunRequest;
import dev.agentls.config.AgentLsSettings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The runs of one session: starts each on an {@link Agent} made from the settings in force at that moment, with the
 * run's own host and watch, numbers them {@code 1, 2, 3...} (the {@code #3} the user reads), and finds the ones still
 * under way for {@code agentls.cancel} and {@code agentls.steer}. Starting returns at once; the run goes on the
 * agent's executor.
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
    private final AtomicInteger numbers = new AtomicInteger();
    private final Map<String, RunHandle> running = new ConcurrentHashMap<>();

    SessionRuns(SessionAgents agents, Supplier<AgentLsSettings> settings, LspHost editor, LanguageClient client,
                ClientCapabilities capabilities, EditorAsking asking, Milestones milestones) {
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
        String runId = String.valueOf(numbers.incrementAndGet());
        Progress progress = new Progress(client, capabilities);
        RunNotes notes = text -> milestones.add("AgentLS #" + runId + ": " + text);
        RunEditorHost host = new RunEditorHost(runId, editor, asking, notes, progress::report);
        Agent agent = agents.agent(settings.get(), host, runId);
        RunWatch watch = new RunWatch(runId, request.prompt(), client, ClientExtensions.of(capabilities), progress,
                milestones);
        RunHandle handle = agent.run(request, watch);
        running.put(runId, handle);
        handle.outcome().whenComplete((outcome, error) -> {
            running.remove(runId);
            asking.runEnded(runId);
        });
        return new Started(runId, handle.conversationId());
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
}
