package dev.agentls.agent;

/**
 * Lines added and removed between two texts, counted cheaply for events: the lines left after the common first and
 * last lines are removed (old) and added (new). Exact for one changed region, an upper bound for several; linear
 * in the text, so a huge rewrite never costs a diff.
 */
final class LineDelta {

    private LineDelta() {}

    /** {added, removed}. */
    static int[] count(String before, String after) {
        String[] a = before.split("\n", -1);
        String[] b = after.split("\n", -1);
        int start = 0;
        while (start < a.length && start < b.length && a[start].equals(b[start])) {
            start++;
        }
        int endA = a.length;
        int endB = b.length;
        while (endA > start && endB > start && a[endA - 1].equals(b[endB - 1])) {
            endA--;
            endB--;
        }
        return new int[] {endB - start, endA - start};
    }

    /** Lines of a text, a last line without a line break counted. */
    static int lines(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int lines = (int) text.chars().filter(c -> c == '\n').count();
        return text.endsWith("\n") ? lines : lines + 1;
    }
}
