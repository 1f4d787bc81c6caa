package dev.agentls.lsp.review;

import java.util.ArrayList;
import java.util.List;

/** A text as its lines, each with its own line break ({@code \n}, {@code \r\n} or a lone {@code \r}), as LSP counts. */
final class TextLines {

    private TextLines() {}

    static List<String> of(String text) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                lines.add(text.substring(start, i + 1));
                start = i + 1;
            } else if (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n')) {
                lines.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(text.substring(start));
        }
        return lines;
    }

    /** The line without its line break. */
    static String bare(String line) {
        int end = line.length();
        while (end > 0 && (line.charAt(end - 1) == '\n' || line.charAt(end - 1) == '\r')) {
            end--;
        }
        return line.substring(0, end);
    }
}
