package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Which exact occurrences starting after a line's indentation (not at its start) stand for the shape models trained on
 * string-replace tools write: the first line's indentation left out, later lines with theirs, so the REPLACE is used
 * as written. Refuses the occurrence, leaving it to the later stages, when the SEARCH begins with whitespace (whole
 * lines quoted at another indentation) or when the REPLACE's first line is blank, which would leave the line's
 * indentation standing alone (the model meant the SEARCH's first line whole), or when a one-line SEARCH's REPLACE
 * shows no indentation on any later line.
 */
final class DroppedIndent {

    private DroppedIndent() {}

    static List<Candidate> keep(Document doc, List<Candidate> found, SearchText search, String replace,
            WrittenRegions written) {
        boolean shaped = shaped(search, replace);
        List<Candidate> kept = new ArrayList<>(found.size());
        for (Candidate c : found) {
            // Taken as transcription noise, like a line-trimmed match, it never lands in an earlier block's text.
            if (c.wholeLines() || !afterIndentOnly(doc, c.start()) || shaped && written.overlapping(c) == 0) {
                kept.add(c);
            }
        }
        return kept;
    }

    private static boolean shaped(SearchText search, String replace) {
        String s = search.text();
        if (s.isEmpty() || Character.isWhitespace(s.charAt(0))) {
            return false;
        }
        if (replace.isEmpty()) {
            // Deleting it all would leave the indentation alone on the line, unless the SEARCH ends inside a line.
            return s.charAt(s.length() - 1) != '\n';
        }
        int firstBreak = replace.indexOf('\n');
        if (replace.substring(0, firstBreak < 0 ? replace.length() : firstBreak).isBlank()) {
            return false;
        }
        return !(search.lineCount() == 1 && laterLinesUnindented(replace, firstBreak));
    }

    /**
     * A one-line SEARCH says nothing about how the model indents; a REPLACE whose later lines all start at the left
     * edge then reads as written without indentation at all (as aider's models do), so it is re-indented instead.
     */
    private static boolean laterLinesUnindented(String replace, int firstBreak) {
        if (firstBreak < 0) {
            return false;
        }
        boolean any = false;
        for (String line : LineIndex.lines(replace.substring(firstBreak + 1))) {
            if (!line.isBlank()) {
                if (Character.isWhitespace(line.charAt(0))) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** Whether {@code p} is past its line's start with only spaces and tabs before it. */
    private static boolean afterIndentOnly(Document doc, int p) {
        if (p == 0 || doc.charAt(p - 1) == '\n') {
            return false;
        }
        for (int i = p - 1; i >= 0; i--) {
            char c = doc.charAt(i);
            if (c == '\n') {
                return true;
            }
            if (c != ' ' && c != '\t') {
                return false;
            }
        }
        return true;
    }
}
