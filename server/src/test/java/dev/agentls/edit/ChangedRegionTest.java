package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangedRegionTest {

    @Test
    void regionsGiveTheOffsetsOfEachChangeInBothTexts() {
        assertEquals(List.of(new ChangedRegion(4, 7, 4, 7)), ChangedRegion.between("one\ntwo\n", "one\nTWO\n"));
        assertEquals(List.of(), ChangedRegion.between("same\n", "same\n"));
        List<ChangedRegion> two = ChangedRegion.between("a\nb\nc\nd\n", "a\nXX\nc\nd\nnew\n");
        assertEquals(2, two.size());
        assertEquals(new ChangedRegion(2, 3, 2, 4), two.get(0));
        assertEquals(8, two.get(1).oldStart());
        assertEquals(9, two.get(1).newStart(), "the second region's new offset counts the first one's growth");
    }

    @Test
    void rebuildingTheNewTextFromTheRegionsGivesItBackOverSeededCases() {
        Random r = new Random(5L);
        String[] pieces = {"a", "b\n", "\r\n", "\uD83D\uDE00", "    ", "x = 1;\n"};
        for (int i = 0; i < 2_000; i++) {
            String a = random(r, pieces);
            String b = r.nextBoolean() ? random(r, pieces) : mutate(r, a, pieces);
            StringBuilder rebuilt = new StringBuilder();
            int at = 0;
            for (ChangedRegion region : ChangedRegion.between(a, b)) {
                rebuilt.append(a, at, region.oldStart()).append(b, region.newStart(), region.newEnd());
                at = region.oldEnd();
            }
            rebuilt.append(a.substring(at));
            assertEquals(b, rebuilt.toString(), "case " + i);
        }
    }

    private static String random(Random r, String[] pieces) {
        StringBuilder sb = new StringBuilder();
        for (int k = r.nextInt(30); k > 0; k--) {
            sb.append(pieces[r.nextInt(pieces.length)]);
        }
        return sb.toString();
    }

    private static String mutate(Random r, String a, String[] pieces) {
        int at = a.isEmpty() ? 0 : r.nextInt(a.length());
        while (at > 0 && Character.isLowSurrogate(a.charAt(at))) {
            at--;
        }
        return a.substring(0, at) + pieces[r.nextInt(pieces.length)] + a.substring(at);
    }
}
