package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

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
