package dev.agentls.cli;

import dev.agentls.workspace.LineDelta;
import java.util.ArrayList;
import java.util.List;

/** Lines added and removed between two texts, as {@code diff} would count them. */
record LineCounts(int added, int removed) {

    static final LineCounts NONE = new LineCounts(0, 0);

    static LineCounts between(String oldText, String newText) {
        LineDelta delta = LineDelta.between(lines(oldText), lines(newText));
        return new LineCounts(delta.added(), delta.removed());
    }

    /** Lines with their terminators, so a final line break ends the last line instead of starting an empty one. */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(text.substring(start));
        }
        return lines;
    }
}
