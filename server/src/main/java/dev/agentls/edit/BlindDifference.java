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

    /**
     * Whether two texts read the same token for token, comments included (used to tell a change that is already
     * there: a comment is part of what a REPLACE writes).
     */
    static boolean readsAs(List<String> a, List<String> b) {
        List<CodeTokens.Token> x = CodeTokens.of(a, null);
        List<CodeTokens.Token> y = CodeTokens.of(b, null);
        if (x.size() != y.size()) {
            return false;
        }
        for (int i = 0; i < x.size(); i++) {
            if (!x.get(i).text().equals(y.get(i).text())) {
                return false;
            }
        }
        return true;
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
