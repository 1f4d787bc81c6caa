package dev.agentls.edit;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every way a SEARCH/REPLACE edit can fail, each carrying its facts as fields so callers can act on them without
 * parsing text. {@link #message()} says the same facts in words a model can act on; tests assert them word for word.
 */
public sealed interface SearchReplaceFailure extends EditFailure {

    /** How many candidates a message lists before it only counts the rest. */
    int LISTED_CANDIDATES = 20;

    /** Beyond this many candidates a search stops counting. */
    int MAX_LISTED_PLACES = 1000;

    /** The text holds no SEARCH/REPLACE block at all. */
    record NoBlocks() implements SearchReplaceFailure {
        @Override
        public String message() {
            return "no SEARCH/REPLACE block found: write each change as a line '------- SEARCH', the exact current"
                    + " lines, a line '=======', the new lines, and a line '+++++++ REPLACE'";
        }
    }

    /**
     * A block whose markers do not make one SEARCH part and one REPLACE part (a second divider, a new SEARCH
     * marker before the REPLACE marker, a REPLACE marker without a divider or without a block, a broken wrapper).
     * {@code block} is the block's number (0 when the problem is outside any block), {@code editLine} the 1-based
     * line of the model's text where the problem shows.
     */
    record Malformed(Optional<String> filePath, int block, int editLine, String problem) implements SearchReplaceFailure {
        public Malformed {
            Objects.requireNonNull(filePath, "filePath");
            Objects.requireNonNull(problem, "problem");
        }

        @Override
        public String message() {
            String where = block > 0 ? "block " + block + inFile(filePath) + " is malformed" : "the edit is malformed";
            return where + " at line " + editLine + " of the edit: " + problem + "; nothing was applied";
        }
    }

    /** The text ends inside a block: its REPLACE marker never came, so the answer was probably cut off. */
    record Incomplete(Optional<String> filePath, int block) implements SearchReplaceFailure {
        public Incomplete {
            Objects.requireNonNull(filePath, "filePath");
        }

        @Override
        public String message() {
            return "block " + block + inFile(filePath) + " is incomplete: the text ends before its '+++++++ REPLACE'"
                    + " marker, so the answer may have been cut off; nothing was applied";
        }
    }

    /** An empty SEARCH (replace the whole file) appeared in an edit with more than one block. */
    record EmptySearchAmongBlocks(int block, int blockCount) implements SearchReplaceFailure {
        @Override
        public String message() {
            return "block " + block + " has an empty SEARCH, which replaces the whole file, but the edit has "
                    + blockCount + " blocks: an empty SEARCH must be the edit's only block; nothing was applied";
        }
    }

    /**
     * A block's SEARCH matched nowhere. {@code closest} is the most similar region of the SEARCH's length (absent
     * when the text is empty or the SEARCH too large to compare), {@code similarityPercent} its similarity,
     * {@code differences} the invisible differences between SEARCH and that region (tabs vs spaces, trailing
     * whitespace, a blank line, line endings, text after the last line), {@code alreadyApplied} whether the REPLACE
     * text is already in the file.
     */
    record NotFound(int block, Optional<LineRange> closest, int similarityPercent, List<String> differences,
            boolean alreadyApplied) implements SearchReplaceFailure {
        public NotFound {
            Objects.requireNonNull(closest, "closest");
            differences = List.copyOf(differences);
        }

        @Override
        public String message() {
            StringBuilder m = new StringBuilder("SEARCH block ").append(block).append(" not found");
            if (alreadyApplied) {
                m.append("; its REPLACE text is already in the file, so the change looks already applied");
            }
            closest.ifPresent(r -> m.append("; closest: ").append(r.describe()).append(", ")
                    .append(similarityPercent).append(" percent similar"));
            if (!differences.isEmpty()) {
                m.append("; difference: ").append(String.join("; ", differences));
            }
            return m.append("; nothing was applied").toString();
        }
    }

    /**
     * A block's SEARCH matched several places and neither order nor whole lines picks one. At most
     * {@link #MAX_LISTED_PLACES} + 1 candidates are kept: one more than that means "more than" that many.
     */
    record Ambiguous(int block, String strategy, List<LineRange> candidates) implements SearchReplaceFailure {
        public Ambiguous {
            Objects.requireNonNull(strategy, "strategy");
            candidates = List.copyOf(candidates);
        }

        @Override
        public String message() {
            String listed = candidates.stream().limit(LISTED_CANDIDATES).map(LineRange::describe)
                    .collect(Collectors.joining(", "));
            String more = candidates.size() > MAX_LISTED_PLACES ? " and more"
                    : candidates.size() > LISTED_CANDIDATES ? " and " + (candidates.size() - LISTED_CANDIDATES) + " more"
                    : "";
            String count = candidates.size() > MAX_LISTED_PLACES ? "more than " + MAX_LISTED_PLACES
                    : Integer.toString(candidates.size());
            return "SEARCH block " + block + " is ambiguous: it matches " + count + " places ("
                    + strategy + " match): " + listed + more
                    + "; add surrounding lines so it matches one place; nothing was applied";
        }
    }

    private static String inFile(Optional<String> filePath) {
        return filePath.map(p -> " of " + p).orElse("");
    }
}
