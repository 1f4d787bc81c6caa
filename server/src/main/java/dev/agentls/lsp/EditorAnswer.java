package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import java.util.Objects;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * What became of an edit meant for the editor, as the {@code agentls.*} commands report it. Richer than the
 * {@link ChangeOutcome} the agent's tools see: an edit may be applied without the server having seen it in the
 * buffers, and an editor that declares it takes no edits from a server gets the edit handed back instead.
 */
sealed interface EditorAnswer {

    /**
     * The editor applied the edit. {@code confirmed} when every buffer it touched was reported back showing it;
     * otherwise {@code note} says what could not be seen and why, and the editor's word is all there is.
     */
    record Applied(boolean confirmed, String note, String carriedOver) implements EditorAnswer {
        static final Applied CONFIRMED = new Applied(true, null);

        public Applied {
            if (!confirmed) {
                Objects.requireNonNull(note, "an unconfirmed edit says why");
            }
        }

        Applied(boolean confirmed, String note) {
            this(confirmed, note, null);
        }

        /**
         * This answer, saying also that the edit was carried over onto text the user changed after it was planned, or
         * re-planned after the editor refused it for a version the typing moved past ({@code carriedOver} says where;
         * see {@link SendTimeCarryOver} and {@link RefusedForTyping}); null leaves it as it is.
         */
        Applied carriedOver(String where) {
            return where == null ? this : new Applied(confirmed, note, where);
        }

        /**
         * What a command's answer says of the edit: where it was carried over past the user's typing or sent again
         * after a refusal or skip (if it was), then why it is unconfirmed (if it is); null when there is nothing.
         */
        String answerNote() {
            if (carriedOver == null) {
                return note;
            }
            return note == null ? carriedOver : carriedOver + ". " + note;
        }
    }

    /** Nothing was applied; {@code reason} says why, as it is to be shown. */
    record NotApplied(String reason) implements EditorAnswer {
        public NotApplied {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The editor declared that it does not apply edits a server sends ({@code workspace.applyEdit} not true), so none
     * was sent and nothing changed: {@code edit} is what it would have been, for the editor to apply itself.
     */
    record ForTheEditor(WorkspaceEdit edit, String reason) implements EditorAnswer {
        public ForTheEditor {
            Objects.requireNonNull(edit, "edit");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The answer as the agent's tools see it: only an applied edit is applied. */
    default ChangeOutcome toChangeOutcome() {
        if (this instanceof NotApplied notApplied) {
            return new ChangeOutcome.Refused(notApplied.reason());
        }
        if (this instanceof ForTheEditor) {
            // The agent has no way to hand the edit over: only the commands' answers carry it.
            return new ChangeOutcome.Refused(LspHost.NO_APPLY_EDIT);
        }
        String carried = ((Applied) this).carriedOver();
        return new ChangeOutcome.Applied(carried == null ? "" : carried);
    }
}
