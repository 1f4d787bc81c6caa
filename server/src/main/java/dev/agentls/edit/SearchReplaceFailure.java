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

    /**
     * EDIT-SEMANTICS rule 10: the only place a stage past exact found for the block differs from its SEARCH in code,
     * so its REPLACE was written against text that is not there. Names the file's line and the SEARCH's line side by
     * side (each as the text has it, cut at {@value #QUOTED_CHARS} characters).
     */
    record DiffersInCode(int block, String strategy, LineRange region, int fileLine, String fileText, int searchLine,
            String searchText) implements SearchReplaceFailure {
        public DiffersInCode {
            Objects.requireNonNull(strategy, "strategy");
            Objects.requireNonNull(region, "region");
            Objects.requireNonNull(fileText, "fileText");
            Objects.requireNonNull(searchText, "searchText");
        }

        @Override
        public String message() {
            return "SEARCH block " + block + " not found exactly; the closest match, " + region.describe() + " ("
                    + strategy + " match), differs in code, not only in whitespace or comments: line " + fileLine
                    + " of the file is " + quoted(fileText) + " where line " + searchLine + " of SEARCH block " + block
                    + " is " + quoted(searchText) + "; copy the file's lines exactly; nothing was applied";
        }
    }

    /**
     * EDIT-SEMANTICS rule 11: a stage past exact found the block only inside text that an earlier block of the same
     * edit had just written; matching it there would undo or rewrite that block's change.
     */
    record InsideEarlierBlock(int block, String strategy, int earlierBlock, LineRange region)
            implements SearchReplaceFailure {
        public InsideEarlierBlock {
            Objects.requireNonNull(strategy, "strategy");
            Objects.requireNonNull(region, "region");
        }

        @Override
        public String message() {
            return "SEARCH block " + block + " not found: its only " + strategy + " match, " + region.describe()
                    + ", lies in the text block " + earlierBlock + " of this edit writes, and a later block never"
                    + " rewrites an earlier block's new text; write the change as one block; nothing was applied";
        }
    }

    /**
     * EDIT-SEMANTICS rule 7 past the plain not-found case: {@code lines} already read as the block's REPLACE, either
     * around the SEARCH (a REPLACE that only adds lines to it) or elsewhere while the SEARCH as written is not in
     * the file; applying it would repeat the change, or write it where it no longer belongs.
     */
    record AlreadyApplied(int block, LineRange lines) implements SearchReplaceFailure {
        public AlreadyApplied {
            Objects.requireNonNull(lines, "lines");
        }

        @Override
        public String message() {
            return "SEARCH block " + block + " looks already applied: " + lines.describe() + " already read as its"
                    + " REPLACE, so it was not applied again; nothing was applied";
        }
    }

    /** How many characters of a line a message quotes. */
    int QUOTED_CHARS = 120;

    private static String quoted(String line) {
        String t = line.strip();
        return "`" + (t.length() > QUOTED_CHARS ? t.substring(0, QUOTED_CHARS) + "..." : t) + "`";
    }

    private static String inFile(Optional<String> filePath) {
        return filePath.map(p -> " of " + p).orElse("");
    }
}
