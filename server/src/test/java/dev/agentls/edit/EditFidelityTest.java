package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static dev.agentls.edit.EngineTestSupport.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 9's classes of wrong or refused edits, each from a small file written here: an edit lands where the model
 * meant it, or is refused naming the facts (EDIT-SEMANTICS rules 8, 10, 11), never anywhere else.
 */
class EditFidelityTest {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    // Class 1: the fuzzy and block-anchor stages never forgive a difference in code.

    @Test
    void class1RefusesASearchLineMissingTheTokensThatStartTheFilesLine() {
        String file = "function view(items) {\n  const n = items.length;\n  return (<List items={items} count={n} />\n"
                + "  );\n}\n";
        String search = "function view(items) {\n  const n = items.length;\n  <List items={items} count={n} />\n  );\n}";
        String replace = "function view(items) {\n  const n = items.length;\n  <Grid items={items} count={n} />\n  );\n}";
        SearchReplaceFailure.DiffersInCode f = refused(engine.apply("view.jsx", file, blocks(search, replace)),
                SearchReplaceFailure.DiffersInCode.class);
        assertEquals("SEARCH block 1 not found exactly; the closest match, lines 1-5 (block-anchor match), differs in"
                + " code, not only in whitespace or comments: line 3 of the file is `return (<List items={items}"
                + " count={n} />` where line 3 of SEARCH block 1 is `<List items={items} count={n} />`; copy the file's"
                + " lines exactly; nothing was applied", f.message());
    }

    @Test
    void class1RefusesASearchOfSeveralLinesThatStartsInsideAFileLine() {
        String file = "def f(x):\n    return (x +\n        1)\n";
        SearchReplaceFailure.DiffersInCode f = refused(engine.apply("f.py", file,
                blocks("(x +\n        1)", "(x +\n        2)")), SearchReplaceFailure.DiffersInCode.class);
        assertEquals("SEARCH block 1 not found exactly; the closest match, lines 2-3 (exact match), differs in code,"
                + " not only in whitespace or comments: line 2 of the file is `return (x +` where line 1 of SEARCH"
                + " block 1 is `(x +`; copy the file's lines exactly; nothing was applied", f.message());
    }

    @Test
    void class1RefusesAOneLineSearchDifferingOnlyInANumber() {
        String file = "timeout_seconds = 30000\nretries = 3\n";
        SearchReplaceFailure.DiffersInCode f = refused(engine.apply("conf.py", file,
                blocks("timeout_seconds = 30001", "timeout_seconds = 60000")), SearchReplaceFailure.DiffersInCode.class);
        assertEquals("SEARCH block 1 not found exactly; the closest match, line 1 (fuzzy match), differs in code, not"
                + " only in whitespace or comments: line 1 of the file is `timeout_seconds = 30000` where line 1 of"
                + " SEARCH block 1 is `timeout_seconds = 30001`; copy the file's lines exactly; nothing was applied",
                f.message());
        assertEquals(1, f.fileLine());
        assertEquals(1, f.searchLine());
    }

    @Test
    void class1NeverRewritesANeighbouringDivTheModelDidNotQuote() {
        String file = "<div class=\"a\">\n  <span>one</span>\n</div>\n<div class=\"b\">\n  <span>two</span>\n</div>\n";
        String search = "<div class=\"b\">\n  <span>one</span>\n</div>";
        SearchReplaceFailure.DiffersInCode f = refused(engine.apply("page.html", file,
                blocks(search, "<div class=\"b\">\n  <span>ONE</span>\n</div>")), SearchReplaceFailure.DiffersInCode.class);
        assertEquals("SEARCH block 1 not found exactly; the closest match, lines 4-6 (block-anchor match), differs in"
                + " code, not only in whitespace or comments: line 5 of the file is `<span>two</span>` where line 2 of"
                + " SEARCH block 1 is `<span>one</span>`; copy the file's lines exactly; nothing was applied",
                f.message());
    }

    @Test
    void class1RefusesANoOpBlockWhoseSearchOnlyResemblesTheFile() {
        String file = "const table = {\n  alpha: 1,\n  beta: 2,\n  gamma: 3,\n};\n";
        String same = "const table = {\n  alpha: 1,\n  beta: 20,\n  gamma: 3,\n};";
        SearchReplaceFailure.DiffersInCode f = refused(engine.apply("t.js", file, blocks(same, same)),
                SearchReplaceFailure.DiffersInCode.class);
        assertEquals(3, f.fileLine());
        assertEquals("  beta: 2,", f.fileText());
        assertEquals(3, f.searchLine());
        assertEquals("  beta: 20,", f.searchText());
    }

    @Test
    void class1ReportsAFuzzyRegionThatAlreadyReadsAsTheReplaceAsAlreadyAppliedAndAppliesNoOtherBlock() {
        String file = "a = 1\nb = compute_total(alpha, beta, gamma)\nc = 3\n";
        String search = "b = compute_total(alpha, beta, gamma_)";
        String replace = "b = compute_total(alpha,beta,gamma)";
        SearchReplaceFailure.NotFound f = refused(engine.apply("m.py", file,
                blocks("a = 1", "a = 10", search, replace)), SearchReplaceFailure.NotFound.class);
        assertEquals("SEARCH block 2 not found; its REPLACE text is already in the file, so the change looks already"
                + " applied; closest: line 2, 97 percent similar; nothing was applied", f.message());
    }

    @Test
    void aBlockThatOnlyAddsLinesSentAgainIsAlreadyAppliedNotAppliedTwice() {
        String file = "a()\nb()\nlog()\nc()\n";
        SearchReplaceFailure.AlreadyApplied f = refused(engine.apply("x.js", file, blocks("b()", "b()\nlog()")),
                SearchReplaceFailure.AlreadyApplied.class);
        assertEquals("SEARCH block 1 looks already applied: lines 2-3 already read as its REPLACE, so it was not"
                + " applied again; nothing was applied", f.message());
    }

    @Test
    void aChangeAlreadyMadeIsNotWrittenAgainOverLinesThatOnlyResembleItsSearch() {
        // The change was made in f(); sent again, its SEARCH now resembles g()'s lines, indented differently.
        String file = "def f():\n    x = 1\n    log(x)\n\nclass G:\n    def g(self):\n        x = 1\n        y = 2\n";
        SearchReplaceFailure.AlreadyApplied f = refused(engine.apply("m.py", file,
                blocks("    x = 1\n    y = 2", "    x = 1\n    log(x)")), SearchReplaceFailure.AlreadyApplied.class);
        assertEquals("SEARCH block 1 looks already applied: lines 2-3 already read as its REPLACE, so it was not"
                + " applied again; nothing was applied", f.message());
        assertEquals(new LineRange(2, 3), f.lines());
    }

    // Class 2: a later block never undoes an earlier one.

    @Test
    void class2RefusesALaterBlockThatWouldMatchOnlyInsideTheEarlierBlocksNewText() {
        String file = "def f():\n    raise Error(\n        \"no attribute\"\n    )\n\nother()\n";
        String search = "    raise Error(\n        \"no attribute\"\n    )";
        SearchReplaceFailure.InsideEarlierBlock f = refused(engine.apply("f.py", file, blocks(
                search, "    raise Error(\n        \"no attribute: name\"\n    )",
                search, "    raise Error(\n        \"no attribute (likely a typo)\"\n    )")),
                SearchReplaceFailure.InsideEarlierBlock.class);
        assertEquals("SEARCH block 2 not found: its only block-anchor match, line 2, lies in the text block 1 of this"
                + " edit writes, and a later block never rewrites an earlier block's new text; write the change as"
                + " one block; nothing was applied", f.message());
    }

    @Test
    void class2AppliesABlockRepeatedWordForWordOnceAndReportsTheRepeat() {
        String file = "x = 1\ny = 2\nz = 3\n";
        EditOutcome.Applied out = applied(engine.apply("r.py", file, blocks("y = 2", "y = 20", "z = 3", "z = 30",
                "y = 2", "y = 20")));
        assertEquals("x = 1\ny = 20\nz = 30\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "exact", 2, 2), new BlockMatch(2, "exact", 3, 3),
                new BlockMatch(3, "repeat of block 1", 2, 2)), out.matches());
    }

    // Class 3: re-indentation keeps relative indentation exactly and never drops a line.

    @Test
    void class3ReindentsAWhitespaceNormalizedMatchKeepingClosingBracesAndTheFilesBlankLine() {
        String file = "function App() {\n    const a = 1;\n\n    return a;\n}\n\nexport default App;\n";
        // The model's SEARCH: body indented 4 too little, and the blank line before `export` missing.
        String search = "const a = 1;\n\nreturn a;\n}\nexport default App;";
        String replace = "const a = 1;\nconst list = [\n  a,\n];\n\nreturn a;\n}\nexport default App;";
        EditOutcome.Applied out = applied(engine.apply("App.js", file, blocks(search, replace)));
        assertEquals("function App() {\n    const a = 1;\n    const list = [\n      a,\n    ];\n\n    return a;\n}\n\n"
                + "export default App;\n", out.newText());
        assertEquals("whitespace-normalized", out.matches().get(0).strategy());
    }

    @Test
    void class3KeepsUntouchedLinesByteForByteAndIndentsNewLinesFromTheNearestKeptLine() {
        String file = "class A:\n    def f(self):\n        if x:   \n            go()\n";
        String search = "def f(self):\n  if x:\n    go()";
        String replace = "def f(self):\n  if x:\n    go()\n    stop()\n  done()";
        EditOutcome.Applied out = applied(engine.apply("a.py", file, blocks(search, replace)));
        assertEquals("class A:\n    def f(self):\n        if x:   \n            go()\n            stop()\n        done()\n",
                out.newText());
    }

    // Class 6: Cline's block-anchor shape applies: blank lines at either end of a SEARCH do not decide the anchor.

    @Test
    void class6AnchorsOnTheFirstAndLastNonBlankLinesWhenTheSearchEndsInABlankLine() {
        String file = "class C {\n    int m(int x) {\n        int v = x * 2;\n        v += offset(x);\n        return v;\n"
                + "    }\n\n    int n() {\n        return 0;\n    }\n}\n";
        String search = "    int m(int x) {\n        int v = x * 2; // x2\n        v += offset(x);\n        return v;\n"
                + "    }\n";
        String replace = "    int m(int x) {\n        int w = x * 2;\n        w += offset(x);\n        return w;\n    }\n";
        EditOutcome.Applied out = applied(engine.apply("C.java", file, blocks(search, replace)));
        assertEquals("class C {\n    int m(int x) {\n        int w = x * 2;\n        w += offset(x);\n        return w;\n"
                + "    }\n\n    int n() {\n        return 0;\n    }\n}\n", out.newText());
        assertEquals(List.of(new BlockMatch(1, "block-anchor", 2, 7)), out.matches());
    }

    @Test
    void class6AppliesClinesOwnAnchorShapeFromTheSharedBenchBytes() throws IOException {
        Path shape = Path.of(System.getProperty("agentls.repoRoot", ".")).resolve("../shared/edit-bench-shapes/iv_anchor_50k");
        assumeTrue(Files.isDirectory(shape), "../shared/edit-bench-shapes is absent");
        String original = Files.readString(shape.resolve("original.txt"));
        String diff = Files.readString(shape.resolve("diff.txt"));
        ParseOutcome parsed = new SearchReplaceParser().parse(diff);
        List<SearchReplaceBlock> bl = ((ParseOutcome.Parsed) parsed).files().get(0).blocks();
        EditOutcome.Applied out = applied(engine.apply("Generated.java", original, bl));
        assertEquals(Files.readString(shape.resolve("expected.txt")), out.newText());
        assertTrue(out.matches().get(0).strategy().equals("block-anchor"), out.matches().toString());
    }
}
