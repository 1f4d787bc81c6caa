package dev.agentls.agent;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.LlmSettings;
import dev.agentls.conversation.ContextHistory;
import dev.agentls.conversation.HistoryTools;
import dev.agentls.conversation.Conversation;
import dev.agentls.conversation.FileConversations;
import dev.agentls.conversation.Conversations;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.conversation.RandomIds;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.host.Host;
import dev.agentls.outline.TokenCounter;
import dev.agentls.llm.ModelClient;
import dev.agentls.tools.CreatePlanTool;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.ReadFileTool;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The agent, and the Java SDK's entry point: one per workspace and host. {@link #run} starts a run on the agent's
 * executor and returns at once with its handle; the run streams {@link AgentEvent}s to the listener until exactly one
 * {@code run_finished}. {@link #events} is the same run as a blocking iterator.
 *
 * <pre>{@code
 * Agent agent = Agent.create(settings, StreamingModelClient.forProduct(settings.llm(), executor), tools, host,
 *         List.of(root));
 * RunHandle run = agent.run(RunRequest.of("Make the greeting configurable"), event -> System.out.println(
 *         AgentEventJson.line(event)));
 * RunOutcome outcome = run.outcome().join();
 * }</pre>
 */
public final class Agent {

    private final AgentLsSettings settings;
    private final ModelClient model;
    private final ToolSet tools;
    private final Host host;
    private final List<Path> roots;
    private final Conversations conversations;
    private final RequestHistory history;
    private final Executor executor;
    private final Clock clock;
    private final Supplier<String> runIds;
    private final ProjectContext project;

    /**
     * @param settings      the {@code agentls} settings: the model's (tool mode, prices) and the agent's limits
     * @param model         the model every call of a run goes to (the edit sub-agent's too)
     * @param tools         the tools a run may call ({@code StandardTools.create} in the product)
     * @param host          the editor or terminal the runs change files through and ask the user through
     * @param roots         the workspace roots, as the prompt names them and events show paths relative to them
     * @param conversations where runs find and keep their conversation
     * @param history       what of a conversation the next request sends (issue 12 prunes behind it)
     * @param executor      runs each run's loop; one thread per run at a time
     * @param runIds        makes each run's id
     */
    public Agent(AgentLsSettings settings, ModelClient model, ToolSet tools, Host host, List<Path> roots,
                 Conversations conversations, RequestHistory history, Executor executor, Clock clock,
                 Supplier<String> runIds) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.model = Objects.requireNonNull(model, "model");
        this.tools = Objects.requireNonNull(tools, "tools");
        this.host = Objects.requireNonNull(host, "host");
        this.roots = List.copyOf(roots);
        this.conversations = Objects.requireNonNull(conversations, "conversations");
        this.history = Objects.requireNonNull(history, "history");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.runIds = Objects.requireNonNull(runIds, "runIds");
        this.project = ProjectContext.NONE;
    }

    private Agent(Agent agent, ProjectContext project) {
        this.settings = agent.settings;
        this.model = agent.model;
        this.tools = agent.tools;
        this.host = agent.host;
        this.roots = agent.roots;
        this.conversations = agent.conversations;
        this.history = agent.history;
        this.executor = agent.executor;
        this.clock = agent.clock;
        this.runIds = agent.runIds;
        this.project = Objects.requireNonNull(project, "project");
    }

    /**
     * This agent with project layers (rules files, repo map; {@link ProjectLayers} in the product) after the fixed
     * system layers of every run's prompt.
     */
    public Agent withProjectContext(ProjectContext project) {
        return new Agent(this, project);
    }

    /**
     * The usual agent: conversations in memory, the whole history sent, each run on its own daemon thread, the
     * system clock and random run ids.
     */
    public static Agent create(AgentLsSettings settings, ModelClient model, ToolSet tools, Host host,
                               List<Path> roots) {
        return new Agent(settings, model, tools, host, roots, new InMemoryConversations(), RequestHistory.whole(),
                DaemonThreads.pool("agentls-run"), Clock.systemUTC(), RandomIds::uuid);
    }

    /**
     * The agent of a workspace whose conversations persist (issue 12): kept under {@code .agentls/conversations/} of
     * the first root, each request built by a {@link ContextHistory} (newest copy of each file once, pruned to the
     * safe zone) counting tokens for the configured model. The history's budget is the safe zone less the answer's
     * room and {@value #PROMPT_RESERVE} tokens for the system prompt and tool definitions.
     */
    public static Agent persisted(AgentLsSettings settings, ModelClient model, ToolSet tools, Host host,
                                  List<Path> roots) {
        return new Agent(settings, model, tools, host, roots, new FileConversations(roots.get(0), Clock.systemUTC(),
                        new StoppedCallNote(tools)),
                historyFor(settings.llm()),
                DaemonThreads.pool("agentls-run"), Clock.systemUTC(), RandomIds::uuid);
    }

    /**
     * The request history of a persisted agent for these model settings: newest copy of each file once, pruned to the
     * safe zone less the answer's room and {@value #PROMPT_RESERVE} tokens, counting tokens for the model.
     */
    public static RequestHistory historyFor(LlmSettings llm) {
        return historyFor(llm, TokenCounter.forModel(llm.model()));
    }

    /**
     * The same, counting with {@code counter}: a session's counter for the model ({@code TokenCounters}), so what it
     * learned from the provider's reported usage in earlier runs holds for this one.
     */
    public static RequestHistory historyFor(LlmSettings llm, TokenCounter counter) {
        long budget = Math.max(1_000, (long) llm.safeZoneTokens() - llm.maxOutputTokens() - PROMPT_RESERVE);
        return history(counter, budget);
    }

    /** The tool and argument names the request history recognises calls by, from the tools that own them. */
    public static final HistoryTools HISTORY_TOOLS = new HistoryTools(ReadFileTool.NAME,
            java.util.stream.Stream.concat(java.util.stream.Stream.of(Parameter.PATH), Parameter.PATH_ALIASES.stream())
                    .toList(), List.of(ReadFileTool.START_LINE, ReadFileTool.END_LINE), CreatePlanTool.NAME);

    /** A request history of {@code budget} tokens, counting with {@code counter}. */
    public static ContextHistory history(TokenCounter counter, long budget) {
        return new ContextHistory(counter, budget, HISTORY_TOOLS);
    }

    /** Tokens set aside for the system prompt and tools (about 4k in XML tool mode) with room to spare. */
    static final int PROMPT_RESERVE = 8_000;

    /**
     * Prunes a conversation by hand ({@code agentls.compact}), as its next request will be built, and says what was
     * dropped and the tokens saved; the decisions are kept in the conversation (persisted with it), so every later
     * request repeats them. An unknown id is refused with an {@link IllegalArgumentException} naming it, a
     * conversation with a run of this agent under way with an {@link IllegalStateException} naming the run (the run
     * prunes as it goes; a second pruner would race it).
     */
    public List<RequestHistory.Pruned> compact(String conversationId) {
        Conversation conversation = conversations.find(conversationId).orElseThrow(() -> new IllegalArgumentException(
                "no conversation with id '" + conversationId + "'; known: " + conversations.ids()));
        String busy = conversations.claims().claim(conversation.id(), "compact").orElse(null);
        if (busy != null) {
            throw new IllegalStateException("conversation '" + conversation.id() + "' has a run under way (" + busy
                    + "); compact it when the run has ended");
        }
        try {
            return history.compact(conversation).pruned();
        } finally {
            conversations.claims().release(conversation.id(), "compact");
        }
    }

    /**
     * {@link #compact} as an editor sees it, a short event stream of its own id with no model call: {@code run_started}
     * in mode {@code ask} (no file changes), one {@code context_pruned} per pruning made, and {@code run_finished}
     * ({@code completed}) saying what was saved. Refuses as {@link #compact} does, before any event.
     */
    public List<AgentEvent> compactEvents(String conversationId, String runId) {
        List<RequestHistory.Pruned> pruned = compact(conversationId);
        List<AgentEvent> events = new java.util.ArrayList<>();
        events.add(new AgentEvent.RunStarted(runId, 0, RunMode.ASK, conversationId));
        long saved = 0;
        for (RequestHistory.Pruned p : pruned) {
            events.add(new AgentEvent.ContextPruned(runId, events.size(), p.dropped(), p.tokensSaved()));
            saved += p.tokensSaved();
        }
        events.add(new AgentEvent.RunFinished(runId, events.size(), RunStatus.COMPLETED, pruned.isEmpty()
                ? "conversation " + conversationId + " compacted by hand: nothing to prune"
                : "conversation " + conversationId + " compacted by hand: " + pruned.size()
                        + (pruned.size() == 1 ? " pruning, " : " prunings, ") + saved + " tokens saved"));
        return List.copyOf(events);
    }

    /** Where this agent's runs keep their conversations. */
    public Conversations conversations() {
        return conversations;
    }

    /**
     * Starts a run and returns at once. A request naming a conversation this agent does not know is refused with an
     * {@link IllegalArgumentException} naming the id, and one naming a conversation that has a run under way with an
     * {@link IllegalStateException} naming that run, before anything runs.
     */
    public RunHandle run(RunRequest request, AgentListener listener) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(listener, "listener");
        Conversation conversation = request.conversationId()
                .map(id -> conversations.find(id).orElseThrow(() -> new IllegalArgumentException(
                        "no conversation with id '" + id + "'; known: " + conversations.ids())))
                .orElseGet(conversations::create);
        String runId = runIds.get();
        // The store's claims, not this agent's: an editor makes an agent per run, all over one store.
        String busy = conversations.claims().claim(conversation.id(), runId).orElse(null);
        if (busy != null) {
            throw new IllegalStateException("conversation '" + conversation.id() + "' has a run under way (" + busy
                    + "); cancel it or wait for its end");
        }
        RunContext context = new RunContext(settings, model, tools, host, roots, history, clock, project);
        AgentRun run = new AgentRun(runId, request, conversation, context, listener,
                () -> conversations.claims().release(conversation.id(), runId));
        try {
            executor.execute(run::run);
        } catch (RuntimeException e) {
            conversations.claims().release(conversation.id(), runId);
            throw e;
        }
        return run;
    }

    /** Starts a run and gives its events as a blocking iterator (closing it early cancels the run). */
    public RunEvents events(RunRequest request) {
        RunEvents events = new RunEvents();
        events.attach(run(request, events.sink()));
        return events;
    }
}
