package dev.agentls.edit.lazy;

import dev.agentls.syntax.CommentSyntax;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Recognises the comments that stand for elided code ({@code // ... existing code ...}) in one comment syntax.
 * A marker is a whole line that is a comment made only of elision words: a real comment that merely mentions
 * existing code ({@code // TODO: handle other cases...}) is code, not a marker.
 */
final class ElisionMarkers {

    /** Words that say "code was left out here"; a marker needs at least one. */
    private static final Set<String> ELISION = Set.of("existing", "rest", "same", "unchanged", "remaining",
            "previous", "other", "others", "omitted", "original", "unmodified", "untouched", "more", "etc",
            "elided", "skipped", "keep", "kept", "remains", "remain", "remainder", "similar", "prior", "old");

    /** Every word allowed in a marker besides the elision words. */
    private static final Set<String> FILLER = Set.of(
            "of", "the", "code", "here", "imports", "import", "methods", "method", "functions", "function", "class",
            "classes", "file", "implementation", "body", "lines", "props", "properties", "fields", "members",
            "components", "component", "content", "contents", "logic", "stays", "stay", "is", "are", "as", "before",
            "and", "above", "below", "jsx", "html", "markup", "elements", "children", "attributes", "state", "hooks",
            "handlers", "helpers", "constants", "variables", "types", "exports", "this", "that", "in", "for", "to",
            "from", "goes", "go", "routes", "tests", "cases", "definitions", "declarations", "config", "styles",
            "settings", "setup", "module", "script", "template", "section", "block", "blocks", "statements",
            "code's", "file's", "your", "my", "all", "any", "be", "left", "out", "not", "shown", "here's", "there");

    private static final Pattern NON_WORD = Pattern.compile("[^a-z0-9']+");

    private final CommentSyntax comments;

    ElisionMarkers(CommentSyntax comments) {
        this.comments = comments;
    }

    /** Whether this line (any indentation) is an elision marker. */
    boolean isMarker(String line) {
        String inner = comments.commentText(line.strip());
        return inner != null && isElision(inner);
    }

    static boolean isElision(String commentText) {
        String t = commentText.toLowerCase(Locale.ROOT).strip();
        boolean ellipsis = t.contains("...") || t.contains("\u2026");
        boolean bracketed = (t.startsWith("(") && t.endsWith(")")) || (t.startsWith("[") && t.endsWith("]"));
        String words = NON_WORD.matcher(t).replaceAll(" ").strip();
        if (words.isEmpty()) {
            return ellipsis;
        }
        String[] w = words.split(" ");
        if (w.length > 8) {
            return false;
        }
        boolean elision = false;
        for (String word : w) {
            if (word.chars().allMatch(Character::isDigit)) {
                continue;
            }
            if (ELISION.contains(word)) {
                elision = true;
            } else if (!FILLER.contains(word)) {
                return false;
            }
        }
        if (ellipsis || bracketed) {
            return elision;
        }
        // Without dots or brackets only the plainest spellings count: "existing code", "rest of the code".
        return w.length <= 6 && (words.contains("existing") || words.contains("rest of")
                || words.contains("unchanged"));
    }
}
