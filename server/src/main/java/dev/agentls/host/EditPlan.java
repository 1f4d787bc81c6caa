package dev.agentls.host;

import dev.agentls.workspace.ResolvedPath;
import java.util.List;
import java.util.Objects;

/**
 * A SEARCH/REPLACE answer resolved against the workspace's current texts, before anything is applied: one
 * {@link PlannedFile} per file it touches, in the order the answer names them, or the refusal that stops it whole.
 */
public sealed interface EditPlan {

    /** Every file's edit resolved; {@code files} is never empty. */
    record Ready(List<PlannedFile> files) implements EditPlan {
        public Ready {
            files = List.copyOf(files);
            if (files.isEmpty()) {
                throw new IllegalArgumentException("a ready plan changes at least one file");
            }
        }

        public List<FileChange> changes() {
            return files.stream().map(PlannedFile::change).toList();
        }
    }

    /** Nothing can be applied; {@code message} names the file and the fact (block, lines, similarity, limit). */
    record Refused(String message) implements EditPlan {
        public Refused {
            Objects.requireNonNull(message, "message");
        }
    }

    /** One file's change and how each of its blocks matched. */
    record PlannedFile(ResolvedPath path, FileChange change, List<BlockReport> blocks) {
        public PlannedFile {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(change, "change");
            blocks = List.copyOf(blocks);
        }
    }

    /**
     * How one block matched: its number in the file's edit (1-based), the matching stage that found it, and the
     * 1-based lines of the original text it replaced.
     */
    record BlockReport(int index, String strategy, int startLine, int endLine) {}
}
