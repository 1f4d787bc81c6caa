package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 3: equal once every run of whitespace, line breaks included, is one space, so a missing or extra blank line
 * or re-wrapped whitespace still matches. A candidate must still cover whole lines of the file: a match that starts
 * or ends inside a line is not one.
 */
final class WhitespaceNormalizedStage implements MatchStage {

    @Override
    public String name() {
        return "whitespace-normalized";
    }

    @Override
    public List<Candidate> find(Document doc, SearchText search) {
        List<Candidate> out = new ArrayList<>();
        String needle = collapse(search.text(), null);
        if (needle.isEmpty()) {
            return out;
        }
        String t = doc.text();
        int[] map = new int[t.length() + 1];
        String hay = collapse(t, map);
        int p = hay.indexOf(needle);
        int lastLine = -1;
        while (p >= 0 && out.size() <= MAX_CANDIDATES) {
            int q = p + needle.length();
            if ((p == 0 || hay.charAt(p - 1) == ' ') && (q == hay.length() || hay.charAt(q) == ' ')) {
                int start = map[p];
                int end = map[q - 1] + 1;
                int la = doc.lineOf(start);
                int lb = doc.lineOf(end - 1);
                boolean whole = Trim.start(t, doc.lineStart(la), start) == start
                        && Trim.start(t, end, doc.lineEnd(lb)) == doc.lineEnd(lb);
                if (whole && la > lastLine) {
                    out.add(Candidate.lines(doc, la, lb - la + 1));
                    lastLine = la;
                }
            }
            p = hay.indexOf(needle, p + 1);
        }
        return out;
    }

    /**
     * Collapses whitespace runs to one space and drops leading and trailing whitespace; {@code map}, when given,
     * receives the source offset of each kept character.
     */
    static String collapse(String s, int[] map) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean pendingSpace = false;
        int spaceAt = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                if (!pendingSpace) {
                    spaceAt = i;
                }
                pendingSpace = true;
                continue;
            }
            if (pendingSpace && sb.length() > 0) {
                if (map != null) {
                    map[sb.length()] = spaceAt;
                }
                sb.append(' ');
            }
            pendingSpace = false;
            if (map != null) {
                map[sb.length()] = i;
            }
            sb.append(c);
        }
        return sb.toString();
    }
}
