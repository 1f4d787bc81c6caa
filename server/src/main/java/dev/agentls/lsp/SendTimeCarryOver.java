package dev.agentls.lsp;

import dev.agentls.edit.Rebase;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.Snapshot;
import java.util.List;
import java.util.Optional;

/**
 * Fits a change to the text its file holds at the moment the edit is sent. The user may have typed after the change
 * was planned (between a tool's plan and its send, or while an edit the editor then refused was on its way); the
 * buffer's version has moved on and the planned positions may point at other text. Such a change is re-planned by
 * content on the newest text with {@link Rebase}, the rule of a run's own staleness check: when the user's changes
 * and the edit's are not on the same or neighbouring lines, the edit's changes go where the user's typing moved
 * them, at the buffer's newest version, and the model is told; otherwise it is refused, naming the lines the user
 * changed, and nothing is sent. Typing is never overwritten. Pure: a change and a snapshot in, a decision out.
 */
final class SendTimeCarryOver {

    private SendTimeCarryOver() {}

    /** The change to send; {@code note} (when present) tells the model it was carried over and where. */
    record Fitted(FileChange.Modify change, Optional<String> note) {}

    /**
     * The change as it can be sent on {@code now}: unchanged text goes as planned (at the newest version), moved
     * text is re-planned by content, or refused with {@link WorkspaceEdits.StaleChange}.
     */
    static Fitted fit(FileChange.Modify planned, Snapshot now) throws WorkspaceEdits.StaleChange {
        FileChange.Modify atNow = new FileChange.Modify(planned.path(), now.version(), now.text(), planned.newText());
        if (now.text().equals(planned.oldText())) {
            return new Fitted(atNow, Optional.empty());
        }
        String name = planned.path().getFileName().toString();
        String where = now.isOpen() ? "in the editor's buffer" : "on disk";
        String typed = lines(Rebase.changedLines(planned.oldText(), now.text()), "the file");
        Rebase.Outcome rebased = Rebase.onto(planned.oldText(), planned.newText(), now.text());
        if (rebased instanceof Rebase.Conflict conflict) {
            throw new WorkspaceEdits.StaleChange(name + " changed " + where + " after the edit was planned (the user"
                    + " changed " + lines(conflict.theirLines(), typed) + "), and the edit touches those lines or"
                    + " the ones next to them; nothing was applied, so the user's typing stands. Read " + name
                    + " again and redo the edit on the text as it is now");
        }
        Rebase.Rebased carried = (Rebase.Rebased) rebased;
        String moved = carried.moved().isEmpty() ? "on the lines it was planned for"
                : "at " + String.join(", ", carried.moved().stream().map(m -> "lines " + m.from() + "-" + m.to()
                + " (planned at " + m.plannedFrom() + "-" + m.plannedTo() + ")").toList());
        String note = name + " changed " + where + " after the edit was planned: the edit was carried over past the"
                + " user's typing at " + typed + " onto the text as it is now, " + moved + "; the user's lines stand."
                + " Read " + name + " again before editing near them";
        return new Fitted(new FileChange.Modify(planned.path(), now.version(), now.text(), carried.text()),
                Optional.of(note));
    }

    private static String lines(List<Rebase.LineSpan> spans, String none) {
        return spans.isEmpty() ? none : String.join(", ", spans.stream().map(Rebase.LineSpan::display).toList());
    }
}
