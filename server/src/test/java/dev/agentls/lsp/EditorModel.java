package dev.agentls.lsp;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.lsp4j.CreateFile;
import org.eclipse.lsp4j.DeleteFile;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.ResourceOperation;
import org.eclipse.lsp4j.TextDocumentEdit;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * The test editor's buffers: text and version per URI, and the rules a careful editor applies to a
 * {@code WorkspaceEdit} (VS Code's): a versioned document edit against a buffer at another version is refused whole,
 * edits must not overlap, positions are UTF-16 (a line past the end is clamped to the end, as VS Code does).
 * Nothing is applied unless everything can be.
 */
final class EditorModel {

    record Buffer(String text, int version) {}

    private final Map<String, Buffer> buffers = new ConcurrentHashMap<>();
    private final Map<String, Boolean> created = new ConcurrentHashMap<>();
    private final Map<String, Boolean> deleted = new ConcurrentHashMap<>();

    void open(String uri, String text, int version) {
        buffers.put(uri, new Buffer(text, version));
    }

    Optional<Buffer> buffer(String uri) {
        return Optional.ofNullable(buffers.get(uri));
    }

    boolean wasCreated(String uri) {
        return created.containsKey(uri);
    }

    boolean wasDeleted(String uri) {
        return deleted.containsKey(uri);
    }

    /** Applies the whole edit or nothing; returns the failure reason when it refuses. */
    synchronized Optional<String> apply(WorkspaceEdit edit) {
        return apply(edit, false);
    }

    /**
     * Applies the edit; with {@code skipStale}, a document edit for an older version than its buffer is skipped and
     * the rest applied, as Neovim does (it then answers that the edit was applied).
     */
    synchronized Optional<String> apply(WorkspaceEdit edit, boolean skipStale) {
        if (edit.getChanges() != null && !edit.getChanges().isEmpty()) {
            return Optional.of("this editor only takes documentChanges");
        }
        Map<String, Buffer> staged = new ConcurrentHashMap<>(buffers);
        List<String> createdNow = new ArrayList<>();
        List<String> deletedNow = new ArrayList<>();
        for (Either<TextDocumentEdit, ResourceOperation> change : edit.getDocumentChanges()) {
            if (change.isRight()) {
                ResourceOperation operation = change.getRight();
                if (operation instanceof CreateFile create) {
                    if (staged.containsKey(create.getUri())) {
                        return Optional.of("file exists: " + create.getUri());
                    }
                    staged.put(create.getUri(), new Buffer("", 0));
                    createdNow.add(create.getUri());
                } else if (operation instanceof DeleteFile delete) {
                    staged.remove(delete.getUri());
                    deletedNow.add(delete.getUri());
                } else {
                    return Optional.of("unsupported resource operation " + operation.getKind());
                }
                continue;
            }
            TextDocumentEdit documentEdit = change.getLeft();
            String uri = documentEdit.getTextDocument().getUri();
            Buffer buffer = staged.get(uri);
            if (buffer == null) {
                // Like a real editor, a file that is not open is loaded from disk (and left unsaved).
                try {
                    buffer = new Buffer(Files.readString(Path.of(URI.create(uri))), 0);
                } catch (IOException e) {
                    return Optional.of("cannot open " + uri + ": " + e);
                }
            }
            Integer version = documentEdit.getTextDocument().getVersion();
            if (skipStale && version != null && version < buffer.version()) {
                continue;
            }
            if (version != null && version != buffer.version()) {
                return Optional.of("version mismatch for " + uri + ": edit is for " + version + ", buffer is at "
                        + buffer.version());
            }
            List<TextEdit> edits = new ArrayList<>();
            for (Either<TextEdit, ?> either : documentEdit.getEdits()) {
                if (!either.isLeft()) {
                    return Optional.of("snippet edits are not supported");
                }
                edits.add(either.getLeft());
            }
            Optional<String> text = applyEdits(buffer.text(), edits);
            if (text.isEmpty()) {
                return Optional.of("overlapping or out-of-range edits for " + uri);
            }
            staged.put(uri, new Buffer(text.get(), buffer.version() + 1));
        }
        buffers.clear();
        buffers.putAll(staged);
        createdNow.forEach(uri -> created.put(uri, true));
        deletedNow.forEach(uri -> deleted.put(uri, true));
        return Optional.empty();
    }

    static Optional<String> applyEdits(String text, List<TextEdit> edits) {
        List<int[]> spans = new ArrayList<>();
        for (TextEdit edit : edits) {
            int start = offset(text, edit.getRange().getStart());
            int end = offset(text, edit.getRange().getEnd());
            if (start < 0 || end < start) {
                return Optional.empty();
            }
            spans.add(new int[] {start, end, spans.size()});
        }
        spans.sort(Comparator.<int[]>comparingInt(s -> s[0]).thenComparingInt(s -> s[1]));
        for (int i = 1; i < spans.size(); i++) {
            if (spans.get(i)[0] < spans.get(i - 1)[1]) {
                return Optional.empty();
            }
        }
        StringBuilder out = new StringBuilder(text);
        for (int i = spans.size() - 1; i >= 0; i--) {
            int[] span = spans.get(i);
            out.replace(span[0], span[1], edits.get(span[2]).getNewText());
        }
        return Optional.of(out.toString());
    }

    /**
     * The UTF-16 offset of an LSP position; a line past the last one means the end of the text (VS Code clamps it so),
     * a character past the end of its line is -1 (out of range).
     */
    private static int offset(String text, Position position) {
        int line = 0;
        int index = 0;
        while (line < position.getLine()) {
            int newline = text.indexOf('\n', index);
            if (newline < 0) {
                return text.length();
            }
            index = newline + 1;
            line++;
        }
        int lineEnd = text.indexOf('\n', index);
        int limit = lineEnd < 0 ? text.length() : lineEnd;
        int target = index + position.getCharacter();
        return target <= limit ? target : -1;
    }
}
