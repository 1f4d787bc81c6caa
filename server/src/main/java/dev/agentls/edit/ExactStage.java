package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Stage 1: the SEARCH text exactly (line breaks normalised). Finds whole-line occurrences and occurrences inside a
 * line alike; the engine prefers whole-line ones and takes one inside a line only when it is the only candidate.
 * That includes a SEARCH starting after its first line's indentation, as models trained on string-replace tools
 * write it: their later lines carry the file's own indentation, so the REPLACE is used as written, never shifted.
 */
final class ExactStage implements MatchStage {

    @Override
    public String name() {
        return "exact";
    }

    @Override
    public boolean exact() {
        return true;
    }

    /**
     * Looks only after the previous match first: for blocks in file order that halves the text scanned. Where the
     * document knows its lines' keys, the whole-line occurrences after it are looked up instead of searched for.
     */
    @Override
    public List<Candidate> find(Document doc, SearchText search, int previousEnd) {
        List<Candidate> known = previousEnd > 0 ? doc.wholeLineOccurrences(search, previousEnd) : null;
        if (known != null && known.size() == 1) {
            return known;
        }
        // Built once for both scans: its tables cost as much as a short search.
        TextSearch finder = search.finder();
        if (previousEnd > 0 && known == null) {
            List<Candidate> after = scan(doc, search, finder, previousEnd);
            long whole = after.stream().filter(Candidate::wholeLines).count();
            if (whole == 1) {
                return after.stream().filter(Candidate::wholeLines).toList();
            }
        }
        List<Candidate> byLines = previousEnd > 0 ? byLines(doc, search) : null;
        return byLines != null ? byLines : scan(doc, search, finder, 0);
    }

    @Override
    public List<Candidate> find(Document doc, SearchText search) {
        return scan(doc, search, search.finder(), 0);
    }

    private static List<Candidate> scan(Document doc, SearchText search, TextSearch finder, int from) {
        String s = search.text();
        List<Candidate> out = new ArrayList<>();
        if (s.isEmpty()) {
            return out;
        }
        int length = doc.length();
        boolean endsWithBreak = s.charAt(s.length() - 1) == '\n';
        int p = doc.find(finder, from);
        while (p >= 0 && out.size() <= MAX_CANDIDATES) {
            int end = p + s.length();
            boolean atLineStart = p == 0 || doc.charAt(p - 1) == '\n';
            boolean whole = atLineStart && (endsWithBreak || end == length || doc.charAt(end) == '\n');
            out.add(new Candidate(p, end, whole));
            p = doc.find(finder, p + 1);
        }
        return out;
    }

    /**
     * The candidates {@link #scan} finds from the start of the text, found through the spliced text's line hashes
     * instead: in any occurrence, the SEARCH's lines after its first and before its last unfinished one are whole
     * lines of the text (its first may end a line, its last may begin one), so the longest of them is looked up and
     * every hit checked in full. Null when the SEARCH has no such line, or the text has not been spliced.
     */
    private static List<Candidate> byLines(Document doc, SearchText search) {
        SplicedLineHashes hashes = doc.hashes();
        String s = search.text();
        String[] lines = search.lines();
        boolean endsWithBreak = !s.isEmpty() && s.charAt(s.length() - 1) == '\n';
        int complete = endsWithBreak ? lines.length : lines.length - 1;
        if (hashes == null || complete < 2) {
            return null;
        }
        int k = 1;
        for (int i = 2; i < complete; i++) {
            if (lines[i].length() > lines[k].length()) {
                k = i;
            }
        }
        CharSequence t = doc.text();
        int length = doc.length();
        List<Candidate> out = new ArrayList<>();
        for (int i : hashes.exactHits(lines[k], k)) {
            int j = i - k;
            int p = doc.lineStart(j + 1) - 1 - lines[0].length();
            int end = p + s.length();
            if (p < doc.lineStart(j) || end > length || !Trim.regionEquals(t, p, s)) {
                continue;
            }
            boolean atLineStart = p == doc.lineStart(j);
            boolean whole = atLineStart && (endsWithBreak || end == length || doc.charAt(end) == '\n');
            out.add(new Candidate(p, end, whole));
            if (out.size() > MAX_CANDIDATES) {
                break;
            }
        }
        return out;
    }
}
