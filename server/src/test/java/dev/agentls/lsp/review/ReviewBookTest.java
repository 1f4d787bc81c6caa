package dev.agentls.lsp.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Diagnostic;
import org.junit.jupiter.api.Test;

class ReviewBookTest {

    private static final String URI = "file:///w/A.java";
    private static final String BEFORE = "one\ntwo\nthree\nfour\nfive\n";
    private static final String AFTER = "one\nTWO\nthree\nfour\nFIVE\n";

    private final List<List<Diagnostic>> published = new ArrayList<>();
    private final ReviewBook book = new ReviewBook((uri, shown) -> published.add(shown));

    private List<String> shownCodes() {
        return published.get(published.size() - 1).stream().map(d -> d.getCode().getLeft() + "@"
                + d.getRange().getStart().getLine()).toList();
    }

    @Test
    void showsEachHunkWhereItIsAndFollowsLinesTypedAbove() {
        book.record("3", URI, BEFORE, AFTER, "why");
        assertEquals(List.of("3.1@1", "3.2@4"), shownCodes());
        assertEquals("run #3: why (+1 -1)", published.get(0).get(0).getMessage().getLeft());

        book.update(URI, "typed\n" + AFTER);

        assertEquals(List.of("3.1@2", "3.2@5"), shownCodes());
    }

    @Test
    void settlingOneHunkLeavesTheOther() {
        book.record("3", URI, BEFORE, AFTER, "why");
        assertTrue(book.settle("3.1"));
        assertEquals(List.of("3.2@4"), shownCodes());
    }

    @Test
    void aHunkTheUserChangedIsHiddenAndItsRevertRefusedWhileTheOtherRevertsAlone() {
        book.record("3", URI, BEFORE, AFTER, "why");
        String edited = "one\nTWO!\nthree\nfour\nFIVE\n";
        book.update(URI, edited);
        assertEquals(List.of("3.2@4"), shownCodes());
        assertInstanceOf(Reversal.Changed.class, book.revert("3.1", edited));
        Reversal.Ready ready = assertInstanceOf(Reversal.Ready.class, book.revert("3.2", edited));
        assertEquals("one\nTWO!\nthree\nfour\nfive\n", ready.text());
    }

    @Test
    void findsADeletionByTheLinesItLeftSideBySide() {
        book.record("4", URI, BEFORE, "one\ntwo\nfive\n", "drop two lines");
        assertEquals(List.of("4.1@2"), shownCodes());
        Reversal.Ready ready = assertInstanceOf(Reversal.Ready.class, book.revert("4.1", "zero\none\ntwo\nfive\n"));
        assertEquals("zero\n" + BEFORE, ready.text());
    }
}
