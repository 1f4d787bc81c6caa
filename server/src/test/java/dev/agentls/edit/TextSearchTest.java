package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TextSearchTest {

    @Test
    void findsWhatStringIndexOfFindsOverSeededRandomTexts() {
        Random r = new Random(7L);
        String alphabet = "ab \n\t{";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder t = new StringBuilder();
            int n = r.nextInt(120);
            for (int k = 0; k < n; k++) {
                t.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            int s = n == 0 ? 0 : r.nextInt(n);
            String p = t.substring(s, Math.min(n, s + r.nextInt(40)));
            if (r.nextBoolean()) {
                p = p + alphabet.charAt(r.nextInt(alphabet.length()));
            }
            int from = r.nextInt(n + 1);
            int expected = p.isEmpty() ? from : t.indexOf(p, from);
            assertEquals(expected, new TextSearch(p).find(t, from), "case " + i);
            assertEquals(expected, new TextSearch(p).find(t.toString(), from), "case " + i);
        }
    }

    @Test
    void findsWhatStringIndexOfFindsWhenCharsCollideInTheShiftTable() {
        Random r = new Random(13L);
        // Chars 512 apart share their low bits, and a surrogate pair is two chars: neither may confuse a shift.
        String alphabet = "a\u0261\u0461 \n\uD83D\uDE00\u4E2D";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder t = new StringBuilder();
            int n = r.nextInt(200);
            for (int k = 0; k < n; k++) {
                t.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            int s = n == 0 ? 0 : r.nextInt(n);
            String p = t.substring(s, Math.min(n, s + 17 + r.nextInt(40)));
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
