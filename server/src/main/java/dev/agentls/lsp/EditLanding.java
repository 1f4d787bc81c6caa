package dev.agentls.lsp;

import dev.agentls.edit.ChangedRegion;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Confirms that an edit the editor says it applied shows in its buffers, as planned. Editors can answer "applied" and
 * be wrong about it: Neovim skips an edit whose version is older than its buffer (the user typed and the change had
 * not reached the server yet, as it sends changes after a pause) and answers success all the same; and it applies
 * an edit for the version it opened the file at (0) without checking, at positions that typing may have moved.
 *
 * <p>So every open buffer an edit touched is watched until the editor reports its next version. The edit landed if
 * what differs between the edited text and that buffer (the user's own typing) stays clear of every region the edit
 * wrote. If it does not, the edit was skipped when the buffer is the planned text plus typing that stays clear of
 * where the edit was to go and holds none of its lines; otherwise it did not land as planned (it landed somewhere
 * else, or the user typed right where it landed). A buffer back to exactly the planned text may be either a skip or
 * an undo, and is reported as such. All are reported, never passed as done.
 */
final class EditLanding {

    /** An edit sent for an open buffer: its version, the text it was planned on, the text it should make. */
    record Sent(Path path, int version, String planned, String expected) {}

    private final DocumentStore documents;
    private final Duration timeout;

    /** @param timeout how long to wait for the editor's next version of a buffer; past it the answer stands */
    EditLanding(DocumentStore documents, Duration timeout) {
        this.documents = documents;
        this.timeout = timeout;
    }

    CompletableFuture<ChangeOutcome> confirm(List<Sent> sent) {
        if (sent.isEmpty()) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Applied());
        }
        List<CompletableFuture<Optional<Verdict>>> checks = new ArrayList<>();
        for (Sent s : sent) {
            checks.add(documents.textAfter(s.path(), s.version())
                    .completeOnTimeout(Optional.empty(), timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .thenApply(now -> now.map(text -> verdict(s, text))));
        }
        return CompletableFuture.allOf(checks.toArray(CompletableFuture[]::new)).thenApply(done -> {
            Map<Verdict, List<Path>> byVerdict = new EnumMap<>(Verdict.class);
            for (int i = 0; i < checks.size(); i++) {
                Verdict verdict = checks.get(i).join().orElse(Verdict.LANDED);
                byVerdict.computeIfAbsent(verdict, v -> new ArrayList<>()).add(sent.get(i).path());
            }
            List<Path> landed = byVerdict.getOrDefault(Verdict.LANDED, List.of());
            return landed.size() == sent.size() ? new ChangeOutcome.Applied() : refusal(byVerdict, landed);
        });
    }

    /** What an open buffer shows of an edit. */
    enum Verdict { LANDED, SKIPPED, REVERTED, NOT_AS_PLANNED }

    static Verdict verdict(Sent sent, String now) {
        if (now.equals(sent.expected())) {
            return Verdict.LANDED;
        }
        if (now.equals(sent.planned())) {
            // Nothing typed stayed: skipped (after typing that was taken back) or applied and undone at once.
            return Verdict.REVERTED;
        }
        List<ChangedRegion> written = ChangedRegion.between(sent.planned(), sent.expected());
        if (clearOf(written, ChangedRegion.between(sent.expected(), now), true)) {
            return Verdict.LANDED;
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

    private static ChangeOutcome refusal(Map<Verdict, List<Path>> byVerdict, List<Path> landed) {
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
                    + " its way (the user typed where the edit landed, or the editor put it where the typing had moved"
                    + " the text). Read " + names + " again and check what the edit changed before going on; one undo"
                    + " in the editor takes the edit back");
        }
        return new ChangeOutcome.Refused(String.join(". And ", parts)
                + (landed.isEmpty() ? "" : ". The edit did land in " + names(landed)));
    }

    private static String names(List<Path> paths) {
        return String.join(", ", paths.stream().map(p -> p.getFileName().toString()).toList());
    }
}
