package dev.agentls.edit;

/**
 * Windows of a SEARCH's line count over a document's trimmed lines, each with a cheap upper bound on its similarity
 * to the SEARCH (from character counts: no edit script can do better), so the costly distance is computed only
 * where it could matter. A window's text is its trimmed lines joined by {@code \n}.
 */
final class Windows {

    private static final int BUCKETS = 128;

    final String[] lines;
    final String target;
    final int size;
    /** Per window start: the window text's length, and a lower bound of its distance to {@link #target}. */
    final int[] length;
    final int[] lowerBound;

    Windows(Document doc, SearchText search) {
        this(trimmedLines(doc), String.join("\n", search.trimmed()), search.lineCount());
    }

    Windows(String[] lines, String target, int size) {
        this.lines = lines;
        this.target = target;
        this.size = Math.min(size, lines.length);
        int count = this.size == 0 ? 0 : lines.length - this.size + 1;
        this.length = new int[count];
        this.lowerBound = new int[count];
        int[] diff = new int[BUCKETS];
        int[] pn = new int[2];
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c != '\n') {
                add(diff, pn, c, -1);
            }
        }
        int len = 0;
        for (int i = 0; i < this.size; i++) {
            len += lines[i].length();
            addLine(diff, pn, lines[i], 1);
        }
        for (int j = 0; j < count; j++) {
            if (j > 0) {
                len += lines[j + this.size - 1].length() - lines[j - 1].length();
                addLine(diff, pn, lines[j - 1], -1);
                addLine(diff, pn, lines[j + this.size - 1], 1);
            }
            length[j] = len + this.size - 1;
            lowerBound[j] = Math.max(Math.max(pn[0], pn[1]), Math.abs(length[j] - target.length()));
        }
    }

    int count() {
        return length.length;
    }

    /** The best similarity window {@code j} could have. */
    double upperBound(int j) {
        int longer = Math.max(length[j], target.length());
        return longer == 0 ? 1.0 : 1.0 - (double) lowerBound[j] / longer;
    }

    String text(int j) {
        StringBuilder sb = new StringBuilder(length[j]);
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                sb.append('\n');
            }
            sb.append(lines[j + i]);
        }
        return sb.toString();
    }

    static String[] trimmedLines(Document doc) {
        String[] out = new String[doc.lineCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = doc.line(i).strip();
        }
        return out;
    }

    private static void addLine(int[] diff, int[] pn, String line, int sign) {
        for (int i = 0; i < line.length(); i++) {
            add(diff, pn, line.charAt(i), sign);
        }
    }

    /** Keeps pn[0] = sum of positive and pn[1] = sum of negative bucket differences up to date. */
    private static void add(int[] diff, int[] pn, char c, int sign) {
        int b = c % BUCKETS;
        int before = diff[b];
        int after = before + sign;
        diff[b] = after;
        pn[0] += Math.max(after, 0) - Math.max(before, 0);
        pn[1] += Math.max(-after, 0) - Math.max(-before, 0);
    }
}
