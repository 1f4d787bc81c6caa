package dev.agentls.llm.xml;

/**
 * The output of one {@code feed} for one destination (text, thinking, a parameter), built without copying where it
 * can be: usually it is one contiguous range of the chunk, handed out as a substring (or the chunk itself). Only
 * when pieces from different places meet (a held-back tag released into the text) does it spill into a builder.
 * Measured: appending chunk ranges char by char to a reused builder was the parser's main cost.
 */
final class TextRun {

    private String source;
    private int from;
    private int to;
    private StringBuilder spill;

    void append(String s, int start, int end) {
        if (start == end) {
            return;
        }
        if (spill != null) {
            appendRange(spill, s, start, end);
        } else if (source == null) {
            source = s;
            from = start;
            to = end;
        } else if (source == s && start == to) {
            to = end;
        } else {
            spill = new StringBuilder(to - from + end - start + 16);
            appendRange(spill, source, from, to);
            appendRange(spill, s, start, end);
            source = null;
        }
    }

    void append(CharSequence s) {
        append(s.toString(), 0, s.length());
    }

    boolean isEmpty() {
        return spill == null && source == null;
    }

    /** Everything appended since the last take, and empties the run. */
    String take() {
        String out;
        if (spill != null) {
            out = spill.toString();
        } else if (source == null) {
            out = "";
        } else {
            out = from == 0 && to == source.length() ? source : source.substring(from, to);
        }
        source = null;
        spill = null;
        return out;
    }

    /** Short ranges char by char; long ones as a String, which a UTF-16 builder inflates in bulk. */
    private static void appendRange(StringBuilder out, String s, int start, int end) {
        if (end - start < 32) {
            out.append(s, start, end);
        } else {
            out.append(start == 0 && end == s.length() ? s : s.substring(start, end));
        }
    }
}
