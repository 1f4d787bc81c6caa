package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("slow")
class LineBreaksTest {

    private static int naive(String s, int from, int to) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    /** Chars whose low byte is 0x0A, surrogate pairs and lone surrogates: none may count, none may shift offsets. */
    private static final String[] PIECES = {"\n", "\r\n", "a", "    int x = 1;", "\u010A", "\u300A", "\uFF0A",
        "\uD83D\uDE00", "\uD83D", "\uDE00", "é", "\u00FF", "\t", "\u0000"};

    @Test
    void countsExactlyTheNewlinesOfLargeRangesWhateverTheOtherChars() {
        Random r = new Random(11L);
        for (int round = 0; round < 60; round++) {
            StringBuilder sb = new StringBuilder();
            boolean latinOnly = round % 2 == 0;
            int size = LineBreaks.WORDWISE_FROM + r.nextInt(3 * LineBreaks.WORDWISE_FROM);
            while (sb.length() < size) {
                String piece = PIECES[r.nextInt(PIECES.length)];
                if (!latinOnly || piece.chars().allMatch(c -> c < 256)) {
                    sb.append(piece);
                }
            }
            String s = sb.toString();
            int from = r.nextInt(64);
            int to = s.length() - r.nextInt(64);
            assertEquals(naive(s, from, to), LineBreaks.count(s, from, to), "round " + round);
            assertEquals(naive(s, 0, s.length()), LineBreaks.count(s, 0, s.length()), "round " + round);
        }
    }

    @Test
    void countsSmallAndPartialRangesLineByLine() {
        String s = "a\nb\n\u300A\n".repeat(20_000);
        assertEquals(0, LineBreaks.count(s, 0, 0));
        assertEquals(1, LineBreaks.count(s, 0, 2));
        assertEquals(naive(s, 5, 40_000), LineBreaks.count(s, 5, 40_000));
        assertEquals(naive(s, 100_000, s.length()), LineBreaks.count(s, 100_000, s.length()));
    }
}
