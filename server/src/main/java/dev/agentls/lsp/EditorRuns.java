package dev.agentls.lsp;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.session.RunDoor;
import dev.agentls.session.RunNotes;
import dev.agentls.session.Runs;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ShowDocumentParams;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The editor's door to a session's {@link Runs}: each run's approvals and questions go to the editor under the run's
 * id, its changes through the session's {@link LspHost} and into the review, its events to the editor as progress,
 * messages and {@code agentls/event}, and its transcript is opened with {@code window/showDocument}, without focus,
 * where the client declares it.
 */
final class EditorRuns implements RunDoor {

    private final Runs runs;
    private final LspHost editor;
    private final LanguageClient client;
    private final ClientCapabilities capabilities;
    private final EditorAsking asking;
    private final Milestones milestones;
    private final RunAnchors anchors;
    private final Function<String, RunEditWatch> editWatches;
    private final Function<RunEditWatch, RunEditorFiles> runFiles;

    /**
     * @param runFiles makes each run's view of its files (saves before commands, the editor's diagnostics) from the
     *     files it changed
     */
    EditorRuns(Runs runs, LspHost editor, LanguageClient client, ClientCapabilities capabilities, EditorAsking asking,
               Milestones milestones, RunAnchors anchors, Function<String, RunEditWatch> editWatches,
               Function<RunEditWatch, RunEditorFiles> runFiles) {
        this.runFiles = runFiles;
        this.runs = runs;
        this.editor = editor;
        this.client = client;
        this.capabilities = capabilities;
        this.asking = asking;
        this.milestones = milestones;
        this.anchors = anchors;
        this.editWatches = editWatches;
    }

    @Override
    public Run open(String runId, RunRequest request) {
        request.selection().ifPresent(selection ->
                anchors.put(runId, new RunAnchors.Anchor(selection.uri(), selection.range().startLine())));
        ClientExtensions declared = ClientExtensions.of(capabilities);
        Progress progress = new Progress(client, capabilities);
        RunEditWatch edits = editWatches.apply(runId);
        return new Run() {
            private RunWatch watch;

            @Override
            public Host host(RunNotes notes, RunNotes transcript) {
                watch = new RunWatch(runId, request.prompt(), client, declared, progress, milestones, transcript);
                return new RunEditorHost(runId, editor, asking, notes, progress::report, runFiles.apply(edits));
            }

            @Override
            public void note(String text) {
                milestones.add("AgentLS #" + runId + ": " + text);
            }

            @Override
            public void warn(String problem) {
                client.showMessage(new MessageParams(MessageType.Warning, "AgentLS #" + runId + ": " + problem));
            }

            @Override
            public void applied(List<FileChange> changes) {
                edits.applied(changes);
            }

            @Override
            public void onEvent(AgentEvent event) {
                edits.onEvent(event);
                watch.onEvent(event);
            }

            @Override
            public void accepted(Path transcript) {
                watch.accepted();
                if (declared.showDocument()) {
                    ShowDocumentParams show = new ShowDocumentParams(transcript.toUri().toString());
                    show.setTakeFocus(false);
                    client.showDocument(show);
                }
            }

            @Override
            public void ended(String how) {
                asking.runEnded(runId, how);
                anchors.remove(runId);
            }
        };
    }

    /** Starts the run off the reader thread, after those asked for before it (see {@link Runs#startInOrder}). */
    CompletableFuture<Runs.Started> startInOrder(RunRequest request, Consumer<RunOutcome> ended) {
        return runs.startInOrder(request, this, ended);
    }

    <T> CompletableFuture<T> offTheReader(Supplier<T> work) {
        return runs.offTheReader(work);
    }

    /**
     * Prunes a conversation by hand ({@code agentls.compact}) and sends its events as {@code agentls/event} to a
     * client that declared them.
     */
    List<AgentEvent> compact(String conversationId) {
        List<AgentEvent> events;
        try {
            events = runs.compact(conversationId, editor);
        } catch (Runs.RunUnderWay busy) {
            throw new IllegalStateException("conversation '" + busy.conversationId() + "' has run #" + busy.runId()
                    + " under way; cancel it (agentls.cancel) or wait for its end");
        }
        if (ClientExtensions.of(capabilities).events() && client instanceof AgentLsClient extended) {
            for (AgentEvent event : events) {
                extended.agentEvent(EventJson.of(event));
            }
        }
        return events;
    }

    Optional<RunHandle> find(String runId) {
        return runs.find(runId);
    }

    List<String> runningIds() {
        return runs.runningIds();
    }

    List<String> conversationIds() {
        return runs.conversationIds();
    }

    String mcpServers() {
        return runs.mcpServers();
    }

    void close() {
        runs.close();
    }
}
