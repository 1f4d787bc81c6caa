package dev.agentls.session;

import dev.agentls.edit.Rebase;
import dev.agentls.host.FileChange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Keeps a run's edit from overwriting what the user typed after the run's model last saw the file. An edit matched
 * on the buffer as it is now (SEARCH/REPLACE, a lazy edit) and clear of the user's changes goes as it is; one that
 * touches them (a whole-file write from an old read takes the typing back) is carried over onto the new text by
 * content when the model's own changes keep apart from the user's, else refused, naming the lines the user changed.
 * Either way the model is told, and told who changed them: the user, or the other run whose change the file holds.
 * Pure: texts in, a decision out.
 */
final class ModelViewGuard {

    /** What to do with the run's changes. */
    sealed interface Checked {
        /** Send these changes; {@code note} (empty: nothing to say) tells the model what the guard did. */
        record Proceed(List<FileChange> changes, String note) implements Checked {}

        /** Send nothing; {@code reason} is for the model. */
        record Refused(String reason) implements Checked {}
    }

    private ModelViewGuard() {}

    /**
     * @param seen   what the model last saw of a file, if it saw it
     * @param writer the other run that left a file as the given text ({@code run #2 ("...")}), if one did
     */
    static Checked check(List<FileChange> changes, Function<Path, Optional<String>> seen,
                         BiFunction<Path, String, Optional<String>> writer) {
        List<FileChange> out = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (FileChange change : changes) {
            if (!(change instanceof FileChange.Modify modify)) {
                out.add(change);
                continue;
            }
            Optional<String> base = seen.apply(modify.path());
            if (base.isEmpty() || base.get().equals(modify.oldText())) {
                out.add(change);
                continue;
            }
            String name = modify.path().getFileName().toString();
            String now = modify.oldText();
            Optional<String> run = writer.apply(modify.path(), now);
            String who = run.orElse("the user");
            // Both sides on the buffer as it is now: does the edit touch what the user changed since the model read it?
            Rebase.Outcome againstTyping = Rebase.onto(now, modify.newText(), base.get());
            if (againstTyping instanceof Rebase.Rebased) {
                out.add(change);
                notes.add(name + ": " + who + " changed " + changedLines(base.get(), now)
                        + " after you last read it; your edit was matched on the text as it is now, clear of those"
                        + " lines. Read it again before editing near them");
                continue;
            }
            // It does: carry the model's own changes (from what it read) over onto the user's text.
            Rebase.Outcome carried = Rebase.onto(base.get(), modify.newText(), now);
            if (carried instanceof Rebase.Conflict conflict) {
                return new Checked.Refused(who + " changed " + lines(conflict.theirLines()) + " of " + name
                        + " after you last read it, and your edit touches those lines or the ones next to them;"
                        + " nothing was changed, so " + (run.isPresent() ? "that run's change" : "the user's typing")
                        + " stands. Read " + name + " again and redo the edit on the text as it is now");
            }
            Rebase.Rebased rebased = (Rebase.Rebased) carried;
            out.add(new FileChange.Modify(modify.path(), modify.version(), now, rebased.text()));
            notes.add(name + ": " + who + " changed " + changedLines(base.get(), now) + " after you last read it; your"
                    + " changes were put on the text as it is now"
                    + (rebased.moved().isEmpty() ? "" : ", at " + String.join(", ", rebased.moved().stream()
                    .map(m -> "lines " + m.from() + "-" + m.to() + " (you wrote them at " + m.plannedFrom() + "-"
                            + m.plannedTo() + ")").toList()))
                    + ", keeping " + (run.isPresent() ? "that run's" : "the user's") + " lines. Read it again before"
                    + " editing near them");
        }
        return new Checked.Proceed(out, String.join("\n", notes));
    }

    /** The lines of {@code now} where it differs from {@code base}. */
    private static String changedLines(String base, String now) {
        List<Rebase.LineSpan> spans = Rebase.changedLines(base, now);
        return spans.isEmpty() ? "the file" : lines(spans);
    }

    private static String lines(List<Rebase.LineSpan> spans) {
        return String.join(", ", spans.stream().map(Rebase.LineSpan::display).toList());
    }
}
