package dev.agentls.lsp.review;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * The hunks the session's runs changed and still await review: each is found again by content whenever the editor
 * reports its document, shown (an Information diagnostic) while it is there and hidden while it is not, and taken out
 * when the user keeps it, reverts it or reverts its run. Each run's first checkpoint is kept for "Revert run".
 *
 * <p>It refuses nothing itself: reverting a hunk that no longer reads as its run left it comes back as
 * {@link Reversal.Changed}. Its size is bounded ({@link #MAX_HUNKS}, the oldest dropped first), so a session with
 * many runs does not grow without end. Safe from any thread.
 */
public final class ReviewBook {

    /** Beyond this many hunks awaiting review, the oldest are dropped (still in the transcript's diff). */
    public static final int MAX_HUNKS = 2_000;

    /** Where the book's diagnostics go: all of a document's review diagnostics at once. */
    @FunctionalInterface
    public interface Publisher {
        void publish(String uri, List<Diagnostic> diagnostics);
    }

    /** A hunk and where it was last found ({@code present} false: not found in the last report). */
    static final class Entry {
        final Hunk hunk;
        int line;
        boolean present;

        Entry(Hunk hunk, int line) {
            this.hunk = hunk;
            this.line = line;
            this.present = true;
        }
    }

    private final Publisher publisher;
    private final Map<String, Entry> byId = new LinkedHashMap<>();
    private final Map<String, List<String>> latest = new LinkedHashMap<>();
    private final Map<String, String> firstCheckpoints = new LinkedHashMap<>();
    private final Map<String, AtomicInteger> numbering = new LinkedHashMap<>();

    public ReviewBook(Publisher publisher) {
        this.publisher = publisher;
    }

    /**
     * Records the hunks of one change a run made to a document ({@code oldText} to {@code newText}), each with why
     * the run made it, and shows them.
     */
    public void record(String runId, String uri, String oldText, String newText, String why) {
        List<HunkSplit.Piece> pieces = HunkSplit.between(oldText, newText);
        if (pieces.isEmpty()) {
            return;
        }
        synchronized (this) {
            AtomicInteger numbers = numbering.computeIfAbsent(runId, id -> new AtomicInteger());
            for (HunkSplit.Piece piece : pieces) {
                String id = runId + "." + numbers.incrementAndGet();
                byId.put(id, new Entry(new Hunk(id, runId, uri, piece.oldLines(), piece.newLines(),
                        piece.lineBefore(), piece.lineAfter(), why), piece.newStart()));
            }
            while (byId.size() > MAX_HUNKS) {
                byId.remove(byId.keySet().iterator().next());
            }
            // The editor's report of the edit may have come before the run heard it was applied; if not, the planned
            // text stands for the document until it does.
            List<String> known = latest.get(uri);
            if (known == null || known.equals(TextLines.of(oldText))) {
                latest.put(uri, TextLines.of(newText));
            }
        }
        reanchorAndPublish(uri);
    }

    /** The run's first checkpoint: what "Revert run" rolls back to. Only the first one given counts. */
    public synchronized void checkpoint(String runId, String checkpointId) {
        firstCheckpoints.putIfAbsent(runId, checkpointId);
    }

    public synchronized Optional<String> firstCheckpoint(String runId) {
        return Optional.ofNullable(firstCheckpoints.get(runId));
    }

    /** The editor reported the document's text: every hunk in it is found again (or hidden) and shown. */
    public void update(String uri, String text) {
        synchronized (this) {
            latest.put(uri, TextLines.of(text));
            if (byId.values().stream().noneMatch(e -> e.hunk.uri().equals(uri))) {
                return;
            }
        }
        reanchorAndPublish(uri);
    }

    /** The document was closed: nothing of it is shown until it is reported again. */
    public synchronized void closed(String uri) {
        latest.remove(uri);
    }

    /** A hunk shown now at zero-based {@code line}. */
    public record Shown(Hunk hunk, int line) {}

    /** The hunk with this id, while it awaits review. */
    public synchronized Optional<Hunk> hunk(String hunkId) {
        return Optional.ofNullable(byId.get(hunkId)).map(entry -> entry.hunk);
    }

    /** Reverting the hunk on {@code currentText}, the document as it is now. */
    public Reversal revert(String hunkId, String currentText) {
        Entry entry;
        synchronized (this) {
            entry = byId.get(hunkId);
        }
        if (entry == null) {
            return new Reversal.Unknown(hunkId);
        }
        Hunk hunk = entry.hunk;
        List<String> lines = TextLines.of(currentText);
        OptionalInt at = HunkLocator.find(lines, hunk, entry.line);
        if (at.isEmpty()) {
            return new Reversal.Changed(hunk, "hunk " + hunk.id() + " of run #" + hunk.runId() + " (" + hunk.counts()
                    + ") no longer reads as the run left it: " + (hunk.newLines().isEmpty()
                    ? "the lines around the lines it deleted" : "its lines") + " changed since; nothing was reverted");
        }
        int start = at.getAsInt();
        StringBuilder text = new StringBuilder();
        lines.subList(0, start).forEach(text::append);
        hunk.oldLines().forEach(text::append);
        lines.subList(start + hunk.newLines().size(), lines.size()).forEach(text::append);
        return new Reversal.Ready(hunk, start, text.toString());
    }

    /** Takes the hunk out of review (kept, or reverted); false when the book does not have it. */
    public boolean settle(String hunkId) {
        Entry removed;
        synchronized (this) {
            removed = byId.remove(hunkId);
        }
        if (removed == null) {
            return false;
        }
        reanchorAndPublish(removed.hunk.uri());
        return true;
    }

    /** Takes every hunk of the run out of review (the run was reverted); the ids taken out. */
    public List<String> settleRun(String runId) {
        List<Entry> removed = new ArrayList<>();
        synchronized (this) {
            byId.values().removeIf(entry -> {
                if (entry.hunk.runId().equals(runId)) {
                    removed.add(entry);
                    return true;
                }
                return false;
            });
        }
        removed.stream().map(e -> e.hunk.uri()).distinct().forEach(this::reanchorAndPublish);
        return removed.stream().map(e -> e.hunk.id()).toList();
    }

    /** Whether the run made any change this book has seen (its first checkpoint, or a hunk awaiting review). */
    public synchronized boolean knowsRun(String runId) {
        return firstCheckpoints.containsKey(runId) || numbering.containsKey(runId);
    }

    /** The hunks shown now in {@code uri} whose lines meet {@code fromLine..toLine}, in the order they were made. */
    public synchronized List<Shown> shownBetween(String uri, int fromLine, int toLine) {
        List<Shown> found = new ArrayList<>();
        for (Entry entry : byId.values()) {
            if (entry.present && entry.hunk.uri().equals(uri)) {
                int last = entry.line + Math.max(0, entry.hunk.newLines().size() - 1);
                if (entry.line <= toLine && fromLine <= last) {
                    found.add(new Shown(entry.hunk, entry.line));
                }
            }
        }
        return found;
    }

    /** The code actions on the hunks shown in {@code uri} between these lines (both included). */
    public synchronized List<Either<Command, CodeAction>> actions(String uri, int fromLine, int toLine) {
        return ReviewView.actions(shownBetween(uri, fromLine, toLine), latest.getOrDefault(uri, List.of()));
    }

    /** Finds and publishes under the book's lock, so a view computed earlier is never published after a later one. */
    private void reanchorAndPublish(String uri) {
        List<Diagnostic> shown = new ArrayList<>();
        synchronized (this) {
            List<String> lines = latest.get(uri);
            for (Entry entry : byId.values()) {
                if (!entry.hunk.uri().equals(uri)) {
                    continue;
                }
                OptionalInt at = lines == null ? OptionalInt.empty() : HunkLocator.find(lines, entry.hunk, entry.line);
                entry.present = at.isPresent();
                if (at.isPresent()) {
                    entry.line = at.getAsInt();
                    shown.add(ReviewView.diagnostic(entry.hunk, entry.line, lines));
                }
            }
            publisher.publish(uri, shown);
        }
    }
}
