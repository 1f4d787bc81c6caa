package dev.agentls.edit;

import dev.agentls.syntax.CommentSyntax;
import java.util.List;
import java.util.Optional;

/**
 * EDIT-SEMANTICS rule 10: the first place where a match found past the exact stage differs from its SEARCH in code
 * (a literal, an identifier, an operator, a token one side lacks), as the file's line and the SEARCH's line side by
 * side. Whitespace, indentation, blank lines and comments (in the file's comment syntax) are transcription noise and
 * never a difference; see {@link CodeTokens}.
 *
 * @param fileLine the 1-based line of the file (original numbering) where the difference shows
 * @param fileText that line, as the file has it
 * @param searchLine the 1-based line of the SEARCH where the difference shows
 * @param searchText that line, as the SEARCH has it
 */
record BlindDifference(int fileLine, String fileText, int searchLine, String searchText) {

    /**
     * The first difference in code between the SEARCH's lines and the file's region, or empty when they read the same.
     *
     * @param regionFirstLine the 0-based line of the current text where the region starts
     */
    static Optional<BlindDifference> between(List<String> search, List<String> region, Document doc,
            int regionFirstLine, CommentSyntax comments) {
        List<CodeTokens.Token> s = CodeTokens.of(search, comments);
        List<CodeTokens.Token> f = CodeTokens.of(region, comments);
        int common = Math.min(s.size(), f.size());
        int i = 0;
        while (i < common && s.get(i).text().equals(f.get(i).text())) {
            i++;
        }
        if (i == s.size() && i == f.size()) {
            return Optional.empty();
        }
        int sl = i < s.size() ? s.get(i).line() : lastNonBlank(search);
        int fl = i < f.size() ? f.get(i).line() : lastNonBlank(region);
        return Optional.of(new BlindDifference(doc.originalLine(regionFirstLine + fl), region.get(fl), sl + 1,
                search.get(sl)));
    }

    /** Whether the lines read the same once each line's leading and trailing whitespace and blank lines are dropped. */
    static boolean sameTrimmedLines(List<String> a, List<String> b) {
        int i = 0;
        int j = 0;
        while (true) {
            while (i < a.size() && a.get(i).isBlank()) {
                i++;
            }
            while (j < b.size() && b.get(j).isBlank()) {
                j++;
            }
            if (i == a.size() || j == b.size()) {
                return i == a.size() && j == b.size();
            }
            if (!a.get(i).strip().equals(b.get(j).strip())) {
                return false;
            }
            i++;
            j++;
        }
    }

    private static int lastNonBlank(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return i;
            }
        }
        return Math.max(0, lines.size() - 1);
    }
}
