package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.junit.jupiter.api.Test;

class RebaseTest {

    private static final String PLANNED = "a\nb\nc\nd\ne\nf\ng\n";

    @Test
    void carriesAnEditBelowLinesTheUserAddedDownByThoseLinesAndSaysWhere() {
        String ours = "a\nb\nc\nd\nE\nf\ng\n";
        String theirs = "typed 1\ntyped 2\na\nb\nc\nd\ne\nf\ng\n";
        Rebase.Rebased rebased = assertInstanceOf(Rebase.Rebased.class, Rebase.onto(PLANNED, ours, theirs));
        assertEquals("typed 1\ntyped 2\na\nb\nc\nd\nE\nf\ng\n", rebased.text());
        assertEquals(List.of(new Rebase.Moved(5, 5, 7, 7)), rebased.moved());
    }

    @Test
    void keepsBothChangesWhenTheUserTypedBelowTheEditAndNothingMoved() {
        String ours = "A\nb\nc\nd\ne\nf\ng\n";
        String theirs = "a\nb\nc\nd\ne\nf\ng typed\n";
        Rebase.Rebased rebased = assertInstanceOf(Rebase.Rebased.class, Rebase.onto(PLANNED, ours, theirs));
        assertEquals("A\nb\nc\nd\ne\nf\ng typed\n", rebased.text());
        assertEquals(List.of(), rebased.moved());
    }

    @Test
    void refusesAnEditOnTheLineTheUserChangedNamingTheUsersLines() {
        String ours = "a\nb\nc\nD\ne\nf\ng\n";
        String theirs = "a\nb\nc\nd typed\ne\nf\ng\n";
        Rebase.Conflict conflict = assertInstanceOf(Rebase.Conflict.class, Rebase.onto(PLANNED, ours, theirs));
        assertEquals(List.of(new Rebase.LineSpan(4, 4)), conflict.theirLines());
        assertEquals("line 4", conflict.theirLines().get(0).display());
    }

    @Test
    void aWholeFileWriteFromAnOldReadKeepsTheUsersTypingElsewhere() {
        // The model rewrote the file from what it read; the user has typed two lines further down since.
        String ours = "a\nB\nc\nd\ne\nf\ng\n";
        String theirs = "a\nb\nc\nd\ne\nf typed\nmore typed\ng\n";
        Rebase.Rebased rebased = assertInstanceOf(Rebase.Rebased.class, Rebase.onto(PLANNED, ours, theirs));
        assertEquals("a\nB\nc\nd\ne\nf typed\nmore typed\ng\n", rebased.text());
    }

    @Test
    void refusesAChangeMeetingTheUsersNewLineAtALineBoundary() {
        String ours = "a\nb\nC\nd\ne\nf\ng\n";
        String theirs = "a\nb\nc\nnew line\nd\ne\nf\ng\n";
        Rebase.Conflict conflict = assertInstanceOf(Rebase.Conflict.class, Rebase.onto(PLANNED, ours, theirs));
        assertEquals(List.of(new Rebase.LineSpan(4, 4)), conflict.theirLines());
    }

    @Test
    void keepsCrlfLinesAndAppliesSeveralRegionsAroundSeveralUserChanges() {
        String planned = "a\r\nb\r\nc\r\nd\r\ne\r\n";
        String ours = "A\r\nb\r\nc\r\nd\r\nE\r\n";
        String theirs = "a\r\nb\r\nx\r\nc typed\r\nd\r\ne\r\n";
        Rebase.Rebased rebased = assertInstanceOf(Rebase.Rebased.class, Rebase.onto(planned, ours, theirs));
        assertEquals("A\r\nb\r\nx\r\nc typed\r\nd\r\nE\r\n", rebased.text());
        assertEquals(List.of(new Rebase.Moved(5, 5, 6, 6)), rebased.moved());
    }

    @Test
    void anUnchangedNewerTextTakesTheEditAsIs() {
        String ours = "a\nB\n";
        assertEquals(new Rebase.Rebased(ours, List.of()), Rebase.onto("a\nb\n", ours, "a\nb\n"));
    }

    @Test
    void namesTheLinesOfTheNewerTextThatChanged() {
        assertEquals(List.of(new Rebase.LineSpan(2, 3), new Rebase.LineSpan(6, 6)),
                Rebase.changedLines(PLANNED, "a\nB\nC\nd\ne\nF\ng\n"));
    }
}
