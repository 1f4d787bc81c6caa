package dev.agentls.llm.xml;

/**
 * Finds one fixed closing tag ({@code </content>}) in streamed text, copying everything before it out verbatim and
 * holding back only the characters that could still be the start of the tag. Because a closing tag contains
 * {@code <} only at its start, a failed partial match can never hide the start of another one except at a
 * {@code <}, so each character is looked at a bounded number of times: linear time, no buffer re-scanning.
 */
final class ClosingTag {

    private final String tag;
    private int matched;

    ClosingTag(String name) {
        this.tag = "</" + name + ">";
    }

    /**
     * Scans {@code chunk[from, to)}, appending content to {@code out}. Returns the index just after the closing tag
     * when it completes, else -1 (everything was consumed; a partial match may be held).
     */
    int scan(String chunk, int from, int to, TextRun out) {
        int i = from;
        // Where the current partial match began in this chunk; -1 when it began in an earlier chunk.
        int matchFrom = -1;
        while (i < to) {
            if (matched == 0) {
                int lt = chunk.indexOf('<', i);
                if (lt < 0 || lt >= to) {
                    out.append(chunk, i, to);
                    return -1;
                }
                out.append(chunk, i, lt);
                matched = 1;
                matchFrom = lt;
                i = lt + 1;
                continue;
            }
            if (chunk.charAt(i) == tag.charAt(matched)) {
                matched++;
                i++;
                if (matched == tag.length()) {
                    matched = 0;
                    return i;
                }
            } else {
                // Give back what looked like the tag (from the chunk itself when it is there, so the output stays
                // one range); the current character is scanned again (it may be a '<').
                if (matchFrom >= 0) {
                    out.append(chunk, matchFrom, i);
                } else {
                    out.append(tag, 0, matched);
                }
                matched = 0;
            }
        }
        return -1;
    }

    /** The whole closing tag, {@code </name>}. */
    String tag() {
        return tag;
    }

    /** Characters held back as a possible start of the tag. */
    String held() {
        return tag.substring(0, matched);
    }

    /** Gives the held characters back as content (the stream ended or the context changed). */
    void releaseTo(TextRun out) {
        out.append(tag, 0, matched);
        matched = 0;
    }
}
