package dev.agentls.lsp;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The part of a change an editor cannot take: binary content ({@link FileChange.WriteBytes}), which no text buffer
 * holds and no {@code workspace/applyEdit} carries. It is written to disk by the server, atomically per file, after
 * the editor applied the rest, so an editor's refusal leaves it unwritten. A file open as a text buffer is refused
 * up front: writing under the editor would leave the buffer and the disk disagreeing.
 */
final class BinaryWrites {

    private final DocumentStore documents;
    private final AtomicWriter writer;

    BinaryWrites(DocumentStore documents, AtomicWriter writer) {
        this.documents = documents;
        this.writer = writer;
    }

    /** Why these writes cannot be made, or empty when they can. */
    Optional<String> refusal(List<FileChange.WriteBytes> writes) {
        for (FileChange.WriteBytes write : writes) {
            if (documents.isOpen(write.path())) {
                return Optional.of(write.path() + " is open in the editor as text, so its binary content was not"
                        + " restored; close it and try again. Nothing was applied");
            }
        }
        return Optional.empty();
    }

    /** Writes each file; on a failure, says which files were written and which failed. */
    ChangeOutcome write(List<FileChange.WriteBytes> writes) {
        List<String> written = new ArrayList<>();
        for (FileChange.WriteBytes write : writes) {
            try {
                writer.writeBytes(write.path(), write.bytes());
                written.add(write.path().getFileName().toString());
            } catch (IOException e) {
                return new ChangeOutcome.Refused("the editor applied the text changes, but writing " + write.path()
                        + " failed: " + e.getMessage()
                        + (written.isEmpty() ? "" : "; written before it: " + String.join(", ", written)));
            }
        }
        return new ChangeOutcome.Applied();
    }
}
