package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 3: equal once every run of whitespace, line breaks included, is one space, so a missing or extra blank line
 * or re-wrapped whitespace still matches. A candidate must cover whole lines of the file: it starts at a line's first
 * non-blank character and ends where only whitespace is left on its line. Candidates come from a fast search for
 * the SEARCH's longest word, then walks back and forth from it that compare with whitespace runs collapsed.
 */
final class WhitespaceNormalizedStage implements MatchStage {

    @Override
    public String name() {
        return "whitespace-normalized";
    }

    @Override
    public List<Candidate> find(Document doc, SearchText search) {
        List<Candidate> out = new ArrayList<>();
        String needle = collapse(search.text());
        if (needle.isEmpty()) {
            return out;
        }
        int[] word = longestWord(needle);
        TextSearch pivot = new TextSearch(needle.substring(word[0], word[1]));
        CharSequence t = doc.text();
        int lastLine = -1;
        int q = pivot.find(t, 0);
        while (q >= 0 && out.size() <= MAX_CANDIDATES) {
            int start = walkBack(t, q, needle, word[0]);
            int end = start >= 0 && lineStartIsBlankBefore(t, start) ? walk(t, q, needle, word[0]) : -1;
            if (end > 0) {
                int la = doc.lineOf(start);
                int lb = doc.lineOf(end - 1);
                if (la > lastLine) {
                    out.add(Candidate.lines(doc, la, lb - la + 1));
                    lastLine = la;
                }
            }
            q = pivot.find(t, q + 1);
        }
        return out;
    }

    /**
     * Compares the text from {@code q} with the collapsed needle; answers the end of the match when it ends where
     * only spaces and tabs remain on the line, else -1.
     */
    private static int walk(CharSequence t, int q, String needle, int from) {
        int i = q;
        int n = t.length();
        for (int k = from; k < needle.length(); k++) {
            char c = needle.charAt(k);
            if (c == ' ') {
                if (i >= n || !Character.isWhitespace(t.charAt(i))) {
                    return -1;
                }
                while (i < n && Character.isWhitespace(t.charAt(i))) {
                    i++;
                }
            } else {
                if (i >= n || t.charAt(i) != c) {
                    return -1;
                }
                i++;
            }
        }
        int j = i;
        while (j < n && (t.charAt(j) == ' ' || t.charAt(j) == '\t')) {
            j++;
        }
        return j < n && t.charAt(j) != '\n' ? -1 : i;
    }

    /** Matches {@code needle[0, upTo)} backwards from just before {@code q}; answers where it starts, else -1. */
    private static int walkBack(CharSequence t, int q, String needle, int upTo) {
        int i = q - 1;
        for (int k = upTo - 1; k >= 0; k--) {
            char c = needle.charAt(k);
            if (c == ' ') {
                if (i < 0 || !Character.isWhitespace(t.charAt(i))) {
                    return -1;
                }
                while (i >= 0 && Character.isWhitespace(t.charAt(i))) {
                    i--;
                }
            } else {
                if (i < 0 || t.charAt(i) != c) {
                    return -1;
                }
                i--;
            }
        }
        return i + 1;
    }

    /** {start, end} of the needle's longest space-free run. */
    private static int[] longestWord(String needle) {
        int bestStart = 0;
        int bestEnd = 0;
        int start = 0;
        for (int i = 0; i <= needle.length(); i++) {
            if (i == needle.length() || needle.charAt(i) == ' ') {
                if (i - start > bestEnd - bestStart) {
                    bestStart = start;
                    bestEnd = i;
                }
                start = i + 1;
            }
        }
        return new int[] {bestStart, bestEnd};
    }

    private static boolean lineStartIsBlankBefore(CharSequence t, int q) {
        for (int i = q - 1; i >= 0; i--) {
            char c = t.charAt(i);
            if (c == '\n') {
                return true;
            }
            if (!Character.isWhitespace(c)) {
                return false;
            }
        }
        return true;
    }

    /** Collapses whitespace runs to one space and drops leading and trailing whitespace. */
    static String collapse(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean pendingSpace = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                pendingSpace = true;
                continue;
            }
            if (pendingSpace && sb.length() > 0) {
                sb.append(' ');
            }
            pendingSpace = false;
            sb.append(c);
        }
        return sb.toString();
    }
}
