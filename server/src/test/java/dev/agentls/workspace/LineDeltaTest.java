package dev.agentls.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineDeltaTest {

    private static List<String> numbered(String prefix, int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add(prefix + i);
        }
        return lines;
    }

    @Test
    void countsLinesAddedAndRemovedAsDiffDoes() {
        assertEquals(new LineDelta(0, 0), LineDelta.between(List.of("a", "b"), List.of("a", "b")));
        assertEquals(new LineDelta(1, 0), LineDelta.between(List.of("a", "c"), List.of("a", "b", "c")));
        assertEquals(new LineDelta(1, 1), LineDelta.between(List.of("a", "b", "c"), List.of("a", "B", "c")));
        assertEquals(new LineDelta(0, 3), LineDelta.between(List.of("x", "y", "z"), List.of()));
        assertEquals(new LineDelta(2, 2), LineDelta.between(List.of("a", "b", "c", "d"), List.of("b", "a", "d", "c")));
    }

    @Test
    void twoUnrelatedLargeFilesCountAsRewrittenInBoundedTime() {
        List<String> before = numbered("old ", 50_000);
        List<String> after = numbered("new ", 50_000);
        after.set(0, "old 0");
        LineDelta delta = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> LineDelta.between(before, after));
        assertEquals(new LineDelta(49_999, 49_999), delta, "the common first line is set aside");
    }

    @Test
    void aFewChangesInALargeFileAreCountedExactly() {
        List<String> before = numbered("line ", 50_000);
        List<String> after = new ArrayList<>(before);
        after.set(10, "changed");
        after.add(30_000, "inserted");
        after.remove(45_000);
        assertEquals(new LineDelta(2, 2), LineDelta.between(before, after));
    }
}
