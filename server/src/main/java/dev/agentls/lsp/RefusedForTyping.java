package dev.agentls.lsp;

import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Tells whether an editor refused an edit because the user typed in a buffer while the edit was on its way: Helix and
 * VS Code refuse a versioned edit whose version their buffer has moved past. Such an edit may be re-planned on the
 * buffer's newest text and sent once more ({@link SendTimeCarryOver} decides whether it still fits); an edit refused
 * for anything else, or one whose buffers already show it, may not, so nothing is ever applied twice.
 *
 * <p>The editor's report of the typing may reach the server after its refusal (it is a notification sent on its own),
 * so a refusal whose buffers have not moved yet waits for a first report, at most {@link #REPORT_WAIT}. Only the
 * server's own record of the buffers counts, never the wording of the editor's refusal.
 */
final class RefusedForTyping {

    /**
     * How long a refused edit waits for the editor's report of typing that the refusal may have overtaken: longer
     * than eglot's half second of idle time before it reports, with room for a loaded machine (at 0.5 s the two
     * raced, and the same refusal was re-planned or not by chance).
     */
    static final Duration REPORT_WAIT = Duration.ofMillis(1500);

    private final DocumentStore documents;

    RefusedForTyping(DocumentStore documents) {
        this.documents = documents;
    }

    /**
     * The buffers among {@code sent} that moved past the version the edit was sent for ("Greeter.java from version 3
     * to 4"), or empty when none did, when one was closed, or when one shows the edit (it was applied after all).
     */
    CompletableFuture<Optional<String>> movedOn(List<EditInBuffers.Sent> sent) {
        Look now = look(sent);
        if (sent.isEmpty() || now.settled()) {
            return CompletableFuture.completedFuture(now.moved());
        }
        CompletableFuture<?>[] reports = sent.stream()
                .map(s -> documents.textAfter(s.path(), s.version()))
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.anyOf(reports)
                .completeOnTimeout(null, REPORT_WAIT.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(reported -> look(sent).moved());
    }

    /** What the buffers show now: {@code settled} when no report can change the answer (moved, closed, shown). */
    private record Look(boolean settled, Optional<String> moved) {}

    private Look look(List<EditInBuffers.Sent> sent) {
        List<String> moved = new ArrayList<>();
        for (EditInBuffers.Sent s : sent) {
            Snapshot now;
            try {
                if (!documents.isOpen(s.path())) {
                    return new Look(true, Optional.empty());
                }
                now = documents.snapshot(s.path());
            } catch (WorkspaceException e) {
                return new Look(true, Optional.empty());
            }
            if (EditInBuffers.verdict(s, now.text()) == EditInBuffers.Verdict.SHOWN) {
                return new Look(true, Optional.empty());
            }
            int version = now.version().orElse(s.version());
            if (version > s.version()) {
                moved.add(s.path().getFileName() + " from version " + s.version() + " to " + version);
            }
        }
        return moved.isEmpty() ? new Look(false, Optional.empty())
                : new Look(true, Optional.of(String.join(", ", moved)));
    }
}
