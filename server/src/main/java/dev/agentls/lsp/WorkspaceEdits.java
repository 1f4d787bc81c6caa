package dev.agentls.lsp;

import dev.agentls.edit.MinimalEdits;
import dev.agentls.edit.TextReplacement;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.CreateFile;
import org.eclipse.lsp4j.CreateFileOptions;
import org.eclipse.lsp4j.DeleteFile;
import org.eclipse.lsp4j.DeleteFileOptions;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ResourceOperation;
import org.eclipse.lsp4j.SnippetTextEdit;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Turns {@link FileChange}s into one {@link WorkspaceEdit}: a {@link TextDocumentEdit} of minimal text edits carrying
 * the buffer's version for each modified file, {@link CreateFile} / {@link DeleteFile} resource operations otherwise.
 * A change whose text is no longer what the buffer or disk holds (the user typed after it was planned) is re-planned
 * by content on the text as it is now ({@link SendTimeCarryOver}), or refused with {@link StaleChange}: the editor is
 * never sent edits computed for other text.
 */
final class WorkspaceEdits {

    private final DocumentStore documents;
    private final OpenDocuments openDocuments;

    WorkspaceEdits(DocumentStore documents, OpenDocuments openDocuments) {
        this.documents = documents;
        this.openDocuments = openDocuments;
    }

    /** The change no longer fits the file's current text; nothing was sent. */
    static final class StaleChange extends Exception {
        StaleChange(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The edit to send, what it does to each open buffer (so that the buffers can be checked for it), the files it
     * touches that no buffer report will show (not open, created, deleted), the changes as sent (fitted to the text
     * at send time, each at the version it was sent for) and what the model is to hear of changes carried over past
     * the user's typing.
     */
    record Built(WorkspaceEdit edit, List<EditInBuffers.Sent> toOpenBuffers, List<Path> unfollowed,
                 List<FileChange> sent, List<String> carriedOver) {

        Built {
            toOpenBuffers = List.copyOf(toOpenBuffers);
            unfollowed = List.copyOf(unfollowed);
            sent = List.copyOf(sent);
            carriedOver = List.copyOf(carriedOver);
        }
    }

    Built build(List<FileChange> changes) throws StaleChange {
        List<Either<TextDocumentEdit, ResourceOperation>> documentChanges = new ArrayList<>();
        List<EditInBuffers.Sent> toOpenBuffers = new ArrayList<>();
        List<Path> unfollowed = new ArrayList<>();
        List<FileChange> sent = new ArrayList<>();
        List<String> carriedOver = new ArrayList<>();
        for (FileChange change : changes) {
            String uri = openDocuments.uriOf(change.path());
            if (change instanceof FileChange.Modify planned) {
                SendTimeCarryOver.Fitted fitted = SendTimeCarryOver.fit(planned, snapshot(planned.path()));
                FileChange.Modify modify = fitted.change();
                fitted.note().ifPresent(carriedOver::add);
                sent.add(modify);
                Integer version = modify.version().isPresent() ? modify.version().getAsInt() : null;
                List<Either<TextEdit, SnippetTextEdit>> edits = textEdits(modify.oldText(), modify.newText());
                if (!edits.isEmpty()) {
                    documentChanges.add(Either.forLeft(
                            new TextDocumentEdit(new VersionedTextDocumentIdentifier(uri, version), edits)));
                    if (version != null) {
                        toOpenBuffers.add(new EditInBuffers.Sent(modify.path(), version, modify.oldText(),
                                modify.newText()));
                    } else {
                        unfollowed.add(modify.path());
                    }
                }
            } else if (change instanceof FileChange.Create create) {
                // Neovim 0.7 truncates an existing file on CreateFile without ignoreIfExists, so never send one for
                // a file that exists by now (as a buffer or on disk).
                if (documents.isOpen(change.path()) || Files.exists(change.path(), LinkOption.NOFOLLOW_LINKS)) {
                    throw new StaleChange(change.path() + " exists now, so it was not created; nothing was applied");
                }
                documentChanges.add(Either.forRight(new CreateFile(uri, new CreateFileOptions(false, false))));
                unfollowed.add(change.path());
                sent.add(create);
                if (!create.text().isEmpty()) {
                    documentChanges.add(Either.forLeft(new TextDocumentEdit(
                            new VersionedTextDocumentIdentifier(uri, null), textEdits("", create.text()))));
                }
            } else if (change instanceof FileChange.Delete) {
                documentChanges.add(Either.forRight(new DeleteFile(uri, new DeleteFileOptions(false, false))));
                unfollowed.add(change.path());
                sent.add(change);
            }
        }
        return new Built(new WorkspaceEdit(documentChanges), toOpenBuffers, unfollowed, sent, carriedOver);
    }

    /** The file's text as it is now: the open buffer with its version, else disk. */
    private Snapshot snapshot(Path path) throws StaleChange {
        try {
            return documents.snapshot(path);
        } catch (WorkspaceException e) {
            throw new StaleChange("cannot apply the edit to " + path + ": " + e.getMessage());
        }
    }

    /**
     * Minimal edits, except for an empty old text: there the edit spans to line 1, past the end, because Neovim shows
     * an empty file as one empty line and keeps that line after an insertion at 0:0 (a stray blank line at the end)
     * unless the edit reaches past the last line; editors that validate positions clamp it to the end.
     */
    private static List<Either<TextEdit, SnippetTextEdit>> textEdits(String oldText, String newText) {
        List<Either<TextEdit, SnippetTextEdit>> edits = new ArrayList<>();
        if (oldText.isEmpty()) {
            Range all = new Range(new Position(0, 0), new Position(1, 0));
            edits.add(Either.forLeft(new TextEdit(all, newText)));
            return edits;
        }
        for (TextReplacement replacement : MinimalEdits.between(oldText, newText)) {
            Range range = new Range(new Position(replacement.startLine(), replacement.startCharacter()),
                    new Position(replacement.endLine(), replacement.endCharacter()));
            edits.add(Either.forLeft(new TextEdit(range, replacement.newText())));
        }
        return edits;
    }
}
