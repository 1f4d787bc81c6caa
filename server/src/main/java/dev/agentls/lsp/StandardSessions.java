package dev.agentls.lsp;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.session.Agents;
import dev.agentls.session.Tools;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.lsp.review.ReviewBook;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.Runs;
import dev.agentls.session.Workspace;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The standard wiring of a session: the editor's folders, a document store, the path policy and a warm file index
 * (built in the background from the start), the editor host, the agent's tools and the standard commands.
 */
final class StandardSessions implements SessionFactory {

    /** Long enough for an editor that asks the user before applying; short enough that a dead editor is noticed. */
    static final Duration EDITOR_ANSWER_TIMEOUT = Duration.ofMinutes(2);

    /**
     * How long an edit the editor answered "applied" waits for the editor to report the buffers it changed (Neovim
     * sends changes 150 ms after the last one by default) before its answer stands unconfirmed. Editors that declare
     * versioned edits are not waited for (see {@link LspHost}).
     */
    static final Duration EDIT_REPORT_WAIT = Duration.ofMillis(1500);

    /** The owner of the review's diagnostics among the session's (see {@link SessionDiagnostics}). */
    static final String REVIEW = "review";

    private final Duration editorAnswerTimeout;
    private final Duration bufferReportWait;
    private final EditorWaits waits;
    private final Tools.Factory tools;
    private final Agents.Factory agents;
    private final Executor background;
    private final ScheduledExecutorService timer;

    StandardSessions() {
        this(EDITOR_ANSWER_TIMEOUT);
    }

    StandardSessions(Duration editorAnswerTimeout) {
        this(editorAnswerTimeout, EDIT_REPORT_WAIT, Tools.NONE, daemonPool());
    }

    StandardSessions(Tools.Factory tools) {
        this(EDITOR_ANSWER_TIMEOUT, EDIT_REPORT_WAIT, tools, daemonPool());
    }

    StandardSessions(Tools.Factory tools, Agents.Factory agents) {
        this(EDITOR_ANSWER_TIMEOUT, EDIT_REPORT_WAIT, tools, agents, daemonPool(), daemonTimer());
    }

    /**
     * @param bufferReportWait how long an applied edit waits for the editor's report of its buffers (see
     *     {@link #EDIT_REPORT_WAIT})
     * @param background runs index builds and tool work off the protocol threads
     */
    StandardSessions(Duration editorAnswerTimeout, Duration bufferReportWait, Tools.Factory tools,
            Executor background) {
        this(editorAnswerTimeout, bufferReportWait, tools, Agents.NONE, background, daemonTimer());
    }

    /**
     * @param agents builds each session's agent
     * @param timer  shows held milestones when their second is up
     */
    StandardSessions(Duration editorAnswerTimeout, Duration bufferReportWait, Tools.Factory tools,
            Agents.Factory agents, Executor background, ScheduledExecutorService timer) {
        this(editorAnswerTimeout, bufferReportWait, tools, agents, background, timer, EditorWaits.DEFAULTS);
    }

    /** @param waits how long a run waits for the editor's saves and its language servers' diagnostics */
    StandardSessions(Duration editorAnswerTimeout, Duration bufferReportWait, Tools.Factory tools,
            Agents.Factory agents, Executor background, ScheduledExecutorService timer, EditorWaits waits) {
        this.waits = waits;
        this.editorAnswerTimeout = editorAnswerTimeout;
        this.bufferReportWait = bufferReportWait;
        this.tools = tools;
        this.agents = agents;
        this.background = background;
        this.timer = timer;
    }

    static ScheduledExecutorService daemonTimer() {
        return DaemonThreads.timer("agentls-milestones");
    }

    static Executor daemonPool() {
        return DaemonThreads.pool("agentls-workspace");
    }

    @Override
    public Session open(List<Path> roots, LanguageClient client, ClientCapabilities capabilities,
                        Supplier<AgentLsSettings> settings) {
        DocumentStore documents = new DocumentStore();
        Workspace workspace = Workspace.open(roots, documents, background, Clock.systemUTC(), System::gc);
        workspace.index().start();
        OpenDocuments openDocuments = new OpenDocuments();
        EditInBuffers buffers = new EditInBuffers(documents,
                warning -> client.showMessage(new MessageParams(MessageType.Warning, warning)));
        LspHost host = new LspHost(client, new WorkspaceEdits(documents, openDocuments), buffers,
                new BinaryWrites(documents, new AtomicWriter()), capabilities, editorAnswerTimeout, bufferReportWait,
                new RefusedForTyping(documents), background);
        WaitingRuns waiting = new WaitingRuns();
        SessionDiagnostics diagnostics = new SessionDiagnostics(client);
        RunAnchors anchors = new RunAnchors();
        InstructionMarks marks = new InstructionMarks(diagnostics);
        // A session without folders keeps its transcripts and choices in a temp folder, not wherever it was started.
        Path home = roots.isEmpty() ? Path.of(System.getProperty("java.io.tmpdir"), "agentls-no-folder")
                : roots.get(0);
        ApprovalPolicy approvals = new ApprovalPolicy(ApprovalPolicy.Mode.ASK, new AlwaysAllowed(home));
        EditorAsking asking = new EditorAsking(client, ClientExtensions.of(capabilities), waiting, approvals,
                anchors, diagnostics);
        Milestones milestones = new Milestones(
                text -> client.showMessage(new MessageParams(MessageType.Info, text)), Clock.systemUTC(), timer);
        ReviewBook review = new ReviewBook((uri, shown) -> diagnostics.set(uri, REVIEW, shown));
        WorkspaceRoots workspaceRoots = workspace.roots();
        EditorDiagnostics editorDiagnostics = new EditorDiagnostics(timer, waits.diagnosticsSettle(),
                waits.diagnosticsQuiet());
        EditorSaves saves = new EditorSaves(client instanceof AgentLsClient extended ? extended : null,
                ClientExtensions.of(capabilities).save(), waits.save(), openDocuments::uriOf);
        java.util.function.Function<Path, String> shown = path -> workspaceRoots.rootOf(path)
                .map(root -> root.real().relativize(path.toAbsolutePath().normalize()).toString().replace('\\', '/'))
                .orElse(path.toString());
        java.util.function.Function<RunEditWatch, RunEditorFiles> runFiles = changed ->
                new RunEditorFiles(new SaveBeforeCommand(changed, saves, shown), editorDiagnostics, shown);
        Runs core = new Runs(agents.open(workspace), settings, workspace, approvals, home, background);
        EditorRuns runs = new EditorRuns(core, host, client, capabilities, asking, milestones, anchors,
                runId -> new RunEditWatch(runId, review, openDocuments::uriOf, documents), runFiles);
        SessionParts parts = new SessionParts(workspaceRoots, documents, openDocuments, host,
                tools.open(workspace, host), workspace.checkpoints(), workspace.policy(), runs, waiting,
                new InstructionDone(workspaceRoots, documents, host, settings), review);
        return new Session(workspaceRoots, documents, openDocuments, host, StandardCommands.of(parts),
                workspace.index(), marks, new SessionCodeActions(marks, anchors, waiting, review), review,
                editorDiagnostics, runs::close);
    }
}
