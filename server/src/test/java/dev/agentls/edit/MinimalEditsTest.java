package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("slow")
class MinimalEditsTest {

    private static final String[] PIECES = {"a", "b", "c", "foo", " ", "  ", "\t", "\n", "\n", "\n", "\r\n", "\r\n",
        "\r", "\uD83D\uDE00", "é", "}", "x = 1;", "\uD83D\uDC4D\uD83C\uDFFD"};

    private static String randomText(Random r, int pieces) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            sb.append(PIECES[r.nextInt(PIECES.length)]);
        }
        return sb.toString();
    }

    /** A variation of {@code s}: pieces inserted, deleted and replaced at random places, or a fresh text. */
    private static String mutate(Random r, String s) {
        if (r.nextInt(10) == 0) {
            return randomText(r, r.nextInt(40));
        }
        StringBuilder sb = new StringBuilder(s);
        int changes = 1 + r.nextInt(4);
        for (int i = 0; i < changes; i++) {
            int at = sb.length() == 0 ? 0 : r.nextInt(sb.length() + 1);
            switch (r.nextInt(3)) {
                case 0 -> sb.insert(at, randomText(r, 1 + r.nextInt(5)));
                case 1 -> sb.delete(at, Math.min(sb.length(), at + r.nextInt(8)));
                default -> sb.replace(at, Math.min(sb.length(), at + r.nextInt(5)), randomText(r, 1 + r.nextInt(3)));
            }
        }
        return sb.toString();
    }

    @Test
    void applyingTheEditsToTheOldTextGivesTheNewTextOverThousandsOfSeededCases() {
        Random r = new Random(20261122L);
        for (int i = 0; i < 5_000; i++) {
            String oldText = randomText(r, r.nextInt(60));
            String newText = mutate(r, oldText);
            List<TextReplacement> edits = MinimalEdits.between(oldText, newText);
            assertEquals(newText, MinimalEdits.applyAll(oldText, edits), "case " + i + ": " + edits);
            assertBoundariesAreLspPositions(oldText, edits, i);
        }
    }

    /** Every edit boundary is a real LSP position: never inside \r\n or a surrogate pair, never past a line's end. */
    private static void assertBoundariesAreLspPositions(String text, List<TextReplacement> edits, int i) {
        String[] lines = text.split("\r\n|\n|\r", -1);
        for (TextReplacement e : edits) {
            assertTrue(e.startLine() < lines.length && e.endLine() < lines.length, "case " + i + ": " + e);
            assertTrue(e.startCharacter() <= lines[e.startLine()].length(), "case " + i + ": " + e);
            assertTrue(e.endCharacter() <= lines[e.endLine()].length(), "case " + i + ": " + e);
            assertTrue(!splitsPair(lines[e.startLine()], e.startCharacter())
                    && !splitsPair(lines[e.endLine()], e.endCharacter()), "case " + i + ": " + e);
        }
    }

    private static boolean splitsPair(String line, int at) {
        return at > 0 && at < line.length() && Character.isHighSurrogate(line.charAt(at - 1))
                && Character.isLowSurrogate(line.charAt(at));
    }

    @Test
    void equalTextsNeedNoEdit() {
        assertEquals(List.of(), MinimalEdits.between("a\r\nb", "a\r\nb"));
    }

    @Test
    void oneChangedWordInALargeTextIsOneSmallEdit() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            sb.append("line ").append(i).append('\n');
        }
        String oldText = sb.toString();
        String newText = oldText.replace("line 25000\n", "line twenty-five thousand\n");
        assertEquals(List.of(new TextReplacement(25_000, 5, 25_000, 10, "twenty-five thousand")),
                MinimalEdits.between(oldText, newText));
    }

    @Test
    void changesOnlyTheLineEndingThatChanged() {
        assertEquals(List.of(new TextReplacement(0, 1, 1, 0, "\n")), MinimalEdits.between("a\r\nb\r\n", "a\nb\r\n"));
    }

    @Test
    void keepsTheMissingFinalNewlineState() {
        assertEquals(List.of(new TextReplacement(1, 0, 1, 1, "B")), MinimalEdits.between("a\nb", "a\nB"));
        assertEquals("a\nb\n", MinimalEdits.applyAll("a\nb", MinimalEdits.between("a\nb", "a\nb\n")));
    }

    @Test
    void neverSplitsAnEmoji() {
        List<TextReplacement> edits = MinimalEdits.between("x\uD83D\uDE00y", "x\uD83D\uDE01y");
        assertEquals(List.of(new TextReplacement(0, 1, 0, 3, "\uD83D\uDE01")), edits);
    }

    @Test
    void refusesOverlappingEdits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MinimalEdits.applyAll("abcdef",
                List.of(new TextReplacement(0, 0, 0, 3, "x"), new TextReplacement(0, 2, 0, 4, "y"))));
        assertEquals("edits overlap or run backwards at offset 2", e.getMessage());
    }

    private static String lines(String prefix, int count, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append(prefix).append(r.nextInt(1_000_000)).append('\n');
        }
        return sb.toString();
    }

    @Test
    void twoLargeTextsWithNothingInCommonAreReplacedWholeInBoundedTime() {
        String a = lines("line ", 50_000, 1L);
        String b = lines("LINE ", 50_000, 2L);
        List<TextReplacement> edits = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(20), () -> MinimalEdits.between(a, b));
        assertEquals(1, edits.size());
        assertEquals(b, MinimalEdits.applyAll(a, edits));
    }

    @Test
    void aLargeTextWithAFewChangedLinesStillGetsEditsOnlyOnThoseLines() {
        String a = lines("line ", 50_000, 3L);
        String[] split = a.split("\n", -1);
        split[100] = "changed one";
        split[25_000] = "changed two";
        split[49_000] = "changed three";
        String b = String.join("\n", split);
        List<TextReplacement> edits = MinimalEdits.between(a, b);
        assertEquals(java.util.Set.of(100, 25_000, 49_000),
                edits.stream().map(TextReplacement::startLine).collect(java.util.stream.Collectors.toSet()));
        assertTrue(edits.stream().allMatch(e -> e.endLine() == e.startLine()), edits.toString());
        assertEquals(b, MinimalEdits.applyAll(a, edits));
    }

    @Test
    void aDiffIsAffordableWhenFewLinesDifferAndNotWhenMostDo() {
        List<String> a = List.of(lines("x", 20_000, 4L).split("\n"));
        List<String> same = new java.util.ArrayList<>(a);
        same.set(7, "other");
        assertTrue(DiffBudget.affordable(a, same, DiffBudget.DEFAULT));
        assertTrue(DiffBudget.affordable(List.of(), List.of(), DiffBudget.DEFAULT));
        List<String> disjoint = List.of(lines("y", 20_000, 5L).split("\n"));
        assertTrue(!DiffBudget.affordable(a, disjoint, DiffBudget.DEFAULT));
        assertTrue(DiffBudget.affordable(a.subList(0, 50), disjoint.subList(0, 50), DiffBudget.DEFAULT),
                "small texts are always worth diffing");
    }
}
