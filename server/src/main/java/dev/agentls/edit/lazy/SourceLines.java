package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.List;

/**
 * A text cut into lines with their exact terminators, so kept lines can be written back byte for byte. Lines end
 * at {@code \n} (a preceding {@code \r} belongs to the terminator); the last line may have no terminator.
 */
record SourceLines(List<String> contents, List<String> terminators, String dominantEnding, boolean finalNewline) {

    static SourceLines of(String text) {
        List<String> contents = new ArrayList<>();
        List<String> terminators = new ArrayList<>();
        int crlf = 0;
        int lf = 0;
        int start = 0;
        while (start < text.length()) {
            int nl = text.indexOf('\n', start);
            if (nl < 0) {
                contents.add(text.substring(start));
                terminators.add("");
                break;
            }
            boolean cr = nl > start && text.charAt(nl - 1) == '\r';
            contents.add(text.substring(start, cr ? nl - 1 : nl));
            terminators.add(cr ? "\r\n" : "\n");
            if (cr) {
                crlf++;
            } else {
                lf++;
            }
            start = nl + 1;
        }
        return new SourceLines(contents, terminators, crlf > lf ? "\r\n" : "\n", text.endsWith("\n"));
    }

    int size() {
        return contents.size();
    }

    String line(int index) {
        return contents.get(index);
    }
}
