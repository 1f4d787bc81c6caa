package dev.agentls.lsp;

import dev.agentls.edit.ChangedRegion;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.WorkspaceException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Confirms that an edit the editor says it applied shows in its buffers, as planned. Editors can answer "applied" and
 * be wrong about it: Neovim skips an edit whose version is older than its buffer (the user typed and the change had
 * not reached the server yet, as it sends changes after a pause) and answers success all the same; and it applies
 * an edit for the version it opened the file at (0) without checking, at positions that typing may have moved.
 *
 * <p>So every open buffer an edit touched is checked against the editor's next report of it. The buffer shows the
 * edit if what differs between the edited text and that buffer (the user's own typing) stays clear of every region
 * the edit wrote. If it does not, the edit was skipped when the buffer is the planned text plus typing that stays
 * clear of where the edit was to go and holds none of its lines; otherwise the buffer does not show it as planned (it
 * went somewhere else, or the user typed right where it went). A buffer back to exactly the planned text may be
 * either a skip or an undo, and is reported as such. All are reported, never passed as done.
 *
 * <p>Some editors cannot report while a command runs (Emacs's eglot and lsp-mode send changes only when Emacs is
 * idle, and a command blocks it), so the wait for a report is bounded by the caller, possibly to nothing: an edit
 * whose report has not come is answered applied but not confirmed, saying so, and a report arriving later that
 * contradicts the answer is passed on as a warning.
 */
final class EditInBuffers {

    /** An edit sent for an open buffer: its version, the text it was planned on, the text it should make. */
    record Sent(Path path, int version, String planned, String expected) {}

    /** How long a report that came too late for the answer is still checked, so a misplaced edit is not silent. */
    static final Duration LATE_CHECK = Duration.ofSeconds(30);

    private final DocumentStore documents;
    private final Consumer<String> lateWarning;

    /** @param lateWarning told (as a sentence for the user) when a report that came after the answer contradicts it */
    EditInBuffers(DocumentStore documents, Consumer<String> lateWarning) {
        this.documents = documents;
        this.lateWarning = lateWarning;
    }

    /**
     * The answer for an edit the editor said it applied: {@code sent} are the open buffers it touched, {@code
     * unfollowed} the files it touched that no buffer report can show (not open, created, deleted), {@code wait} how
     * long to wait for a buffer's next report when it has not come yet. A report already in, or one arriving within
     * the wait, decides at once; without one for every file, the edit is applied but not confirmed.
     */
    CompletableFuture<EditorAnswer> confirm(List<Sent> sent, List<Path> unfollowed, Duration wait) {
        return judgeAll(sent, unfollowed, wait).thenApply(Judged::answer);
    }

    /**
     * The answer of {@link #confirm}, and whether every buffer the edit was sent to showed it skipped: each reported
     * the text the edit was planned on plus typing clear of where it was to go (Neovim's skip of a stale version), so
     * none shows the edit and it may be re-planned and sent once more (see {@link LspHost}).
     */
    record Judged(EditorAnswer answer, boolean skippedEverywhere) {}

    CompletableFuture<Judged> judgeAll(List<Sent> sent, List<Path> unfollowed, Duration wait) {
        List<CompletableFuture<Optional<Verdict>>> checks = new ArrayList<>();
        for (Sent s : sent) {
            checks.add(judge(s, wait));
        }
        return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).thenApply(done -> {
            Map<Verdict, List<Path>> byVerdict = new EnumMap<>(Verdict.class);
            List<Path> unseen = new ArrayList<>();
            for (int i = 0; i < checks.size(); i++) {
                Optional<Verdict> verdict = checks.get(i).join();
                if (verdict.isPresent()) {
                    byVerdict.computeIfAbsent(verdict.get(), v -> new ArrayList<>()).add(sent.get(i).path());
                } else {
                    unseen.add(sent.get(i).path());
                    checkLate(sent.get(i));
                }
            }
            List<Path> shown = byVerdict.getOrDefault(Verdict.SHOWN, List.of());
            if (shown.size() + unseen.size() < sent.size()) {
                boolean skippedEverywhere = !sent.isEmpty() && unfollowed.isEmpty()
                        && byVerdict.getOrDefault(Verdict.SKIPPED, List.of()).size() == sent.size();
                return new Judged(refusal(byVerdict, shown), skippedEverywhere);
            }
            if (unseen.isEmpty() && unfollowed.isEmpty()) {
                return new Judged(EditorAnswer.Applied.CONFIRMED, false);
            }
            return new Judged(new EditorAnswer.Applied(false, unconfirmedNote(unseen, unfollowed, wait)), false);
        });
    }

    /** Completes on the buffer's first report after {@code version}, one already in included, or after {@code wait}. */
    CompletableFuture<Void> reportAfter(Path path, int version, Duration wait) {
        return documents.textAfter(path, version)
                .completeOnTimeout(Optional.empty(), wait.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(reported -> null);
    }

    /**
     * Completes once the next report of every buffer in {@code sent} shows the edit; never completes when one
     * does not. For an editor that applies an edit and does not answer, its buffers are the answer.
     */
    CompletableFuture<Void> shownInEveryBuffer(List<Sent> sent) {
        List<CompletableFuture<Void>> shown = new ArrayList<>();
        for (Sent s : sent) {
            shown.add(documents.textAfter(s.path(), s.version()).thenCompose(now ->
                    now.filter(text -> verdict(s, text) == Verdict.SHOWN).isPresent()
                            ? CompletableFuture.<Void>completedFuture(null) : new CompletableFuture<Void>()));
        }
        return CompletableFuture.allOf(shown.toArray(CompletableFuture[]::new));
    }

    /**
     * The verdict of the buffer's reports after the edit's version, or empty when none came within the wait. A report
     * that does not show the edit is judged again on the buffer's next report when one comes within the wait (at most
     * {@link #MORE_LOOKS} times): one without the edit may have left the editor before it applied the edit (typing
     * reported while the edit was on its way), and one with part of it may have left while the editor was applying
     * it (Neovim reports after the first of an edit's text edits when its last report is older than its 150 ms
     * debounce, and the rest later).
     */
    private CompletableFuture<Optional<Verdict>> judge(Sent sent, Duration wait) {
        return nextReport(sent, sent.version(), wait).thenCompose(first -> lookAgain(sent, wait, first, MORE_LOOKS));
    }

    /** How many later reports a buffer whose report did not show the edit is judged on, one after the other. */
    static final int MORE_LOOKS = 3;

    private CompletableFuture<Optional<Verdict>> lookAgain(Sent sent, Duration wait, Optional<Verdict> verdict,
                                                           int looksLeft) {
        boolean notShown = verdict.filter(v -> v != Verdict.SHOWN).isPresent();
        OptionalInt seen = notShown && !wait.isZero() && looksLeft > 0 ? versionNow(sent.path()) : OptionalInt.empty();
        if (seen.isEmpty()) {
            return CompletableFuture.completedFuture(verdict);
        }
        return nextReport(sent, seen.getAsInt(), wait).thenCompose(next -> next.isEmpty()
                ? CompletableFuture.completedFuture(verdict) : lookAgain(sent, wait, next, looksLeft - 1));
    }

    private CompletableFuture<Optional<Verdict>> nextReport(Sent sent, int after, Duration wait) {
        return documents.textAfter(sent.path(), after)
                .completeOnTimeout(Optional.empty(), wait.toMillis(), TimeUnit.MILLISECONDS)
                .thenApply(now -> now.map(text -> verdict(sent, text)));
    }

    private OptionalInt versionNow(Path path) {
        try {
            return documents.isOpen(path) ? documents.snapshot(path).version() : OptionalInt.empty();
        } catch (WorkspaceException e) {
            return OptionalInt.empty();
        }
    }

    private static String unconfirmedNote(List<Path> unseen, List<Path> unfollowed, Duration wait) {
        List<String> parts = new ArrayList<>();
        if (!unseen.isEmpty()) {
            parts.add("the editor had not reported its buffer of " + names(unseen) + " since the edit "
                    + (wait.isZero() ? "when it answered" : "within " + wait.toMillis() + " ms of its answer")
                    + " (some editors send buffer changes only once the command is over)");
        }
        if (!unfollowed.isEmpty()) {
            parts.add(names(unfollowed) + (unfollowed.size() == 1 ? " is" : " are")
                    + " not open in the editor, so no buffer report can show the edit");
        }
        return "the editor answered that it applied the edit, but the server has not seen it: "
                + String.join("; and ", parts) + ". Read the file again before relying on it";
    }

    /** Keeps watching a buffer whose report came too late for the answer, and warns when it contradicts it. */
    private void checkLate(Sent sent) {
        documents.textAfter(sent.path(), sent.version())
                .orTimeout(LATE_CHECK.toMillis(), TimeUnit.MILLISECONDS)
                .thenAccept(now -> now.map(text -> verdict(sent, text))
                        .filter(verdict -> verdict != Verdict.SHOWN)
                        .ifPresent(verdict -> lateWarning.accept("AgentLS: an edit was answered as applied to "
                                + sent.path().getFileName() + ", but the editor's later report of that buffer does"
                                + " not show it as planned (" + verdict.name().toLowerCase(Locale.ROOT)
                                .replace('_', ' ') + "); check the file")));
    }

    /** What an open buffer shows of an edit. */
    enum Verdict { SHOWN, SKIPPED, REVERTED, NOT_AS_PLANNED }

    static Verdict verdict(Sent sent, String now) {
        if (now.equals(sent.expected())) {
            return Verdict.SHOWN;
        }
        if (now.equals(sent.planned())) {
            // Nothing typed stayed: skipped (after typing that was taken back) or applied and undone at once.
            return Verdict.REVERTED;
        }
        List<ChangedRegion> written = ChangedRegion.between(sent.planned(), sent.expected());
        if (clearOf(written, ChangedRegion.between(sent.expected(), now), true)) {
            return Verdict.SHOWN;
        }
        // Skipped only when sure: nothing typed where the edit was to go, and none of its text anywhere typed.
        List<ChangedRegion> sincePlanned = ChangedRegion.between(sent.planned(), now);
        if (!clearOf(written, sincePlanned, false)) {
            return Verdict.NOT_AS_PLANNED;
        }
        // Lines, not the whole text: a diff may cut an inserted line at either of its ends (a line break first).
        List<String> ourLines = new ArrayList<>();
        for (ChangedRegion ours : written) {
            for (String line : sent.expected().substring(ours.newStart(), ours.newEnd()).split("\n")) {
                if (!line.isBlank()) {
                    ourLines.add(line.strip());
                }
            }
        }
        for (ChangedRegion typed : sincePlanned) {
            String typedText = now.substring(typed.newStart(), typed.newEnd());
            if (ourLines.stream().anyMatch(typedText::contains)) {
                return Verdict.NOT_AS_PLANNED;
            }
        }
        return Verdict.SKIPPED;
    }

    /**
     * Whether no region of {@code typed} (whose old side is the edited text when {@code afterTheEdit}, else the text
     * the edit was planned on) touches what {@code written} changed there. Touching counts: text typed right against
     * the edit cannot be told from the edit put elsewhere.
     */
    private static boolean clearOf(List<ChangedRegion> written, List<ChangedRegion> typed, boolean afterTheEdit) {
        for (ChangedRegion t : typed) {
            for (ChangedRegion ours : written) {
                int start = afterTheEdit ? ours.newStart() : ours.oldStart();
                int end = afterTheEdit ? ours.newEnd() : ours.oldEnd();
                if (t.oldStart() <= end && start <= t.oldEnd()) {
                    return false;
                }
            }
        }
        return true;
    }

    private static EditorAnswer refusal(Map<Verdict, List<Path>> byVerdict, List<Path> shown) {
        List<String> parts = new ArrayList<>();
        String answered = "the editor answered that it applied the edit, but its buffer of ";
        List<Path> skipped = byVerdict.get(Verdict.SKIPPED);
        if (skipped != null) {
            String names = names(skipped);
            parts.add(answered + names + " does not show it: the buffer had changed since the edit was planned"
                    + " (typing the server had not been sent yet) and the editor skipped the edit instead of refusing"
                    + " it. Nothing changed in " + names + "; read it again and redo the edit");
        }
        List<Path> reverted = byVerdict.get(Verdict.REVERTED);
        if (reverted != null) {
            String names = names(reverted);
            parts.add(answered + names + " is back to the text from before it: the editor skipped it, or the user"
                    + " undid it at once. Read " + names + " again before deciding whether to redo it");
        }
        List<Path> misplaced = byVerdict.get(Verdict.NOT_AS_PLANNED);
        if (misplaced != null) {
            String names = names(misplaced);
            parts.add(answered + names + " does not show it as planned: the buffer changed while the edit was on"
                    + " its way (the user typed where the edit went, or the editor put it where the typing had moved"
                    + " the text). Read " + names + " again and check what the edit changed before going on; one undo"
                    + " in the editor takes the edit back");
        }
        return new EditorAnswer.NotApplied(String.join(". And ", parts)
                + (shown.isEmpty() ? "" : ". The edit did land in " + names(shown)));
    }

    private static String names(List<Path> paths) {
        return String.join(", ", paths.stream().map(p -> p.getFileName().toString()).toList());
    }
}
