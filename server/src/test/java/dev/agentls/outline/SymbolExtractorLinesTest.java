package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SymbolExtractorLinesTest {

    @Test
    void declaringLinesAreCutAsStringLinesWouldSplitThemWhateverTheLineBreaks() {
        for (String text : List.of("", "a", "a\n", "\n", "\n\n", "a\r\nb\rc\n\nd", "x\r", "x\r\n", "  class A {\n}\n")) {
            int[] starts = SymbolExtractor.lineStarts(text);
            List<String> lines = text.lines().toList();
            assertEquals(lines.size(), starts.length, "lines of " + text.replace("\r", "\\r").replace("\n", "\\n"));
            for (int i = 0; i < lines.size(); i++) {
                assertEquals(lines.get(i), SymbolExtractor.line(text, starts, i + 1));
            }
        }
    }
}
