package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.agentls.syntax.FileLanguage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The backstop against a merge that would leave a brace unmatched, on merges laid out by hand. */
class BalanceCheckTest {

    private final FileModel file = new FileModel("class A {\n    void a() {}\n}\n", false);
    private final EditModel edit = new EditModel("class A {\n    // ... existing code ...\n    void b() {\n"
            + "        run();\n    }\n}\n", new ElisionMarkers(FileLanguage.forFileName("A.java").comments()));

    @Test
    void refusesAPlacementThatDropsANewBlocksClosingLineAndNamesTheLineOpeningIt() {
        // `void b() {` and its body placed, its `}` taken for the class's own closing line.
        List<Piece> misplaced = List.of(new Piece(0, 0, false), Piece.kept(1), Piece.added(2), Piece.added(3),
                new Piece(5, 2, false));
        LazyEditFailure f = BalanceCheck.check(edit, file, misplaced);
        assertEquals("cannot place edit line 3 `void b() {`: placed this way the merge would leave the file with 1"
                + " unclosed `{`, so some line would land in the wrong block; include the unchanged lines around the"
                + " change so it anchors", f.message());
    }

    @Test
    void acceptsABalancedPlacement() {
        List<Piece> placed = List.of(new Piece(0, 0, false), Piece.kept(1), Piece.added(2), Piece.added(3),
                Piece.added(4), new Piece(5, 2, false));
        assertNull(BalanceCheck.check(edit, file, placed));
    }

    @Test
    void doesNotJudgeAnEditThatLeavesABlockOpen() {
        EditModel open = new EditModel("class A {\n    void b() {\n// ... existing code ...\n",
                new ElisionMarkers(FileLanguage.forFileName("A.java").comments()));
        assertNull(BalanceCheck.check(open, file, List.of(new Piece(0, 0, false), Piece.added(1), Piece.kept(1),
                Piece.kept(2))));
    }
}
