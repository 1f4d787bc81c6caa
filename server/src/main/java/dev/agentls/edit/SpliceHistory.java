package dev.agentls.edit;

import java.util.ArrayList;
import java.util.List;

/**
 * The splices made to a {@link Document}'s text so far (first line, lines replaced, lines written), which lead a line
 * of the current text back to the line of the ORIGINAL it stands for: failures and matches report original lines
 * (EDIT-SEMANTICS rule 4).
 */
final class SpliceHistory {

    private final List<int[]> splices = new ArrayList<>();

    void add(int firstLine, int oldLines, int newLines) {
        splices.add(new int[] {firstLine, oldLines, newLines});
    }

    boolean isEmpty() {
        return splices.isEmpty();
    }

    /** The 1-based line of the original text that 0-based {@code line} of the current text stands for. */
    int originalLine(int line) {
        int l = line;
        for (int k = splices.size() - 1; k >= 0; k--) {
            int[] s = splices.get(k);
            if (l >= s[0] + s[2]) {
                l += s[1] - s[2];
            } else if (l >= s[0]) {
                l = s[0];
            }
        }
        return l + 1;
    }
}
