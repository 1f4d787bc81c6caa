package dev.agentls.edit;

/**
 * A block's SEARCH prepared once for every stage: the text with {@code \n} breaks, its lines, their trimmed forms,
 * and whether the model wrote {@code \r\n} breaks.
 */
record SearchText(String text, String[] lines, String[] trimmed, boolean hadCrlf) {

    /** A searcher for the whole text (built per call: the record stays a plain value). */
    TextSearch finder() {
        return new TextSearch(text);
    }

    static SearchText of(String raw) {
        String text = raw.indexOf('\r') >= 0 ? raw.replace("\r\n", "\n") : raw;
        String[] lines = LineIndex.lines(text);
        String[] trimmed = new String[lines.length];
        for (int i = 0; i < lines.length; i++) {
            trimmed[i] = lines[i].strip();
        }
        return new SearchText(text, lines, trimmed, raw.contains("\r\n"));
    }

    int lineCount() {
        return lines.length;
    }

    /** Whether every line is blank: such a SEARCH says nothing about where it belongs. */
    boolean blank() {
        return text.isBlank();
    }
}
