package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the lines whose trimmed text is a given non-empty text: by a fast search over the whole text, or, once blocks
 * have spliced it, by the lines' trimmed hashes.
 */
final class Pivot {

    private Pivot() {}

    /** The lines, in order, whose trimmed content equals {@code trimmed} (every line when it is empty). */
    static List<Integer> lines(Document doc, String trimmed) {
        List<Integer> out = new ArrayList<>();
        if (trimmed.isEmpty()) {
            for (int i = 0; i < doc.lineCount(); i++) {
                if (Trim.lineEquals(doc, i, trimmed)) {
                    out.add(i);
                }
            }
            return out;
        }
        SplicedLineHashes hashes = doc.hashes();
        if (hashes != null) {
            for (int line : hashes.trimmedHits(trimmed)) {
                if (Trim.lineEquals(doc, line, trimmed)) {
                    out.add(line);
                }
            }
            return out;
        }
        CharSequence t = doc.text();
        TextSearch finder = new TextSearch(trimmed);
        int q = finder.find(t, 0);
        while (q >= 0) {
            int line = doc.lineOf(q);
            int start = doc.lineStart(line);
            int end = doc.lineEnd(line);
            if (Trim.start(t, start, end) == q && Trim.end(t, q, end) == q + trimmed.length()) {
                out.add(line);
            }
            q = finder.find(t, end + 1);
        }
        return out;
    }
}
