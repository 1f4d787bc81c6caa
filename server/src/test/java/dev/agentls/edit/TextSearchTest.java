package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("slow")
class TextSearchTest {

    @Test
    void findsWhatStringIndexOfFindsOverSeededRandomTexts() {
        agreesWithIndexOf(new Random(7L), "ab \n\t{", 120, 0, true);
    }

    @Test
    void findsWhatStringIndexOfFindsWhenCharsCollideInTheShiftTable() {
        // Chars 512 apart share their low bits, and a surrogate pair is two chars: neither may confuse a shift.
        agreesWithIndexOf(new Random(13L), "a\u0261\u0461 \n\uD83D\uDE00\u4E2D", 200, 17, false);
    }

    @Test
    void findsEveryOccurrenceStringIndexOfFindsInIndentedCodeThatRepeatsItsLines() {
        // Lines of the same shape that differ in a number: most 4-grams of a window's end are in the pattern, so
        // the search leans on the 4-gram before them, which must never skip an occurrence.
        Random r = new Random(11L);
        StringBuilder code = new StringBuilder();
        for (int m = 0; m < 400; m++) {
            int k = r.nextInt(12);
            code.append("    public int method").append(k).append("(int x) {\n        int v").append(k)
                    .append(" = x * ").append(r.nextInt(3)).append(";\n        return v").append(k).append(";\n    }\n\n");
        }
        String text = code.toString();
        for (int i = 0; i < 2_000; i++) {
            int s = r.nextInt(text.length() - 500);
            String p = text.substring(s, s + 17 + r.nextInt(400));
            TextSearch search = new TextSearch(p);
            for (int at = text.indexOf(p), from = 0; ; at = text.indexOf(p, at + 1)) {
                assertEquals(at, search.find(text, from), "pattern at " + s + ", searched from " + from);
                if (at < 0) {
                    break;
                }
                from = at + 1;
            }
        }
    }

    /** 20,000 texts over {@code alphabet}, each searched for a piece of itself (sometimes one char longer). */
    private static void agreesWithIndexOf(Random r, String alphabet, int maxLength, int minPattern, boolean extend) {
        for (int i = 0; i < 20_000; i++) {
            StringBuilder t = new StringBuilder();
            int n = r.nextInt(maxLength);
            for (int k = 0; k < n; k++) {
                t.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            int s = n == 0 ? 0 : r.nextInt(n);
            String p = t.substring(s, Math.min(n, s + minPattern + r.nextInt(40)));
            if (extend && r.nextBoolean()) {
                p = p + alphabet.charAt(r.nextInt(alphabet.length()));
            }
            int from = r.nextInt(n + 1);
            int expected = p.isEmpty() ? from : t.indexOf(p, from);
            assertEquals(expected, new TextSearch(p).find(t, from), "case " + i);
            assertEquals(expected, new TextSearch(p).find(t.toString(), from), "case " + i);
        }
    }

    @Test
    void staysLinearOnRepetitiveText() {
        String text = "a".repeat(10_000_000);
        String pattern = "b" + "a".repeat(1_000);
        assertEquals(-1, assertTimeoutPreemptively(Duration.ofSeconds(20), () -> new TextSearch(pattern).find(text, 0)));
        assertEquals(9_998_999, new TextSearch("a".repeat(1_000) + "$").find("a".repeat(9_999_999) + "$", 0));
    }
}
