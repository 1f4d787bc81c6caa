package dev.agentls.session;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.host.FileChange;
import dev.agentls.tools.ReadFileTool;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one run's model last saw of each file, from its events: its last {@code read_file} of it, or its own last
 * change to it. {@link GuardedHost} checks an edit against it, so the user's typing since is never overwritten.
 */
final class ModelView implements AgentListener {

    private final WorkspaceRoots roots;
    private final DocumentStore documents;
    private final Map<String, Path> readTargets = new ConcurrentHashMap<>();
    private final Map<Path, String> seen = new ConcurrentHashMap<>();

    ModelView(WorkspaceRoots roots, DocumentStore documents) {
        this.roots = roots;
        this.documents = documents;
    }

    @Override
    public void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.ToolCall call && call.name().equals(ReadFileTool.NAME)) {
            call.arguments().file().flatMap(this::resolve).ifPresent(path -> readTargets.put(call.callId(), path));
        } else if (event instanceof AgentEvent.ToolResult result) {
            Path read = readTargets.remove(result.callId());
            if (read != null && result.ok()) {
                // The model has now seen the file as it is: later typing is the user's, unseen by it.
                try {
                    seen.put(read, documents.snapshot(read).text());
                } catch (WorkspaceException e) {
                    seen.remove(read);
                }
            }
        }
    }

    /** The text the run's model last saw of the file (read or written by it), if it saw it in this run. */
    Optional<String> seen(Path path) {
        return Optional.ofNullable(seen.get(path));
    }

    /** Changes applied: the model has seen what it wrote. */
    void applied(List<FileChange> changes) {
        for (FileChange change : changes) {
            if (change instanceof FileChange.Modify modify) {
                seen.put(modify.path(), modify.newText());
            } else if (change instanceof FileChange.Create create) {
                seen.put(create.path(), create.text());
            } else {
                seen.remove(change.path());
            }
        }
    }

    private Optional<Path> resolve(String target) {
        try {
            return Optional.of(roots.resolve(target).absolute());
        } catch (WorkspaceException e) {
            return Optional.empty();
        }
    }
}
