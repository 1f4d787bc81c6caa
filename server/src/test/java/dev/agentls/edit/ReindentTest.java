package dev.agentls.edit;

import static dev.agentls.edit.EngineTestSupport.applied;
import static dev.agentls.edit.EngineTestSupport.blocks;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReindentTest {

    private final SearchReplaceEngine engine = new SearchReplaceEngine();

    @Test
    void mapsTwoSpaceLevelsOfTheModelToFourSpaceLevelsOfTheFile() {
        String file = "class A {\n    void f() {\n        if (x) {\n            g();\n        }\n    }\n}\n";
        String search = "void f() {\n  if (x) {\n    g();\n  }\n}";
        String replace = "void f() {\n  if (x) {\n    g();\n    h();\n  }\n}";
        assertEquals("class A {\n    void f() {\n        if (x) {\n            g();\n            h();\n        }\n    }\n}\n",
                applied(engine.apply(file, blocks(search, replace))).newText());
    }

    @Test
    void writesTabsInATabIndentedFileAndNeverMixesThemWithSpaces() {
        String file = "func f() {\n\tif x {\n\t\tg()\n\t}\n}\n";
        String search = "    if x {\n        g()\n    }";
        String replace = "    if x {\n        g()\n        h()\n    }";
        assertEquals("func f() {\n\tif x {\n\t\tg()\n\t\th()\n\t}\n}\n",
                applied(engine.apply(file, blocks(search, replace))).newText());
    }

    @Test
    void writesSpacesInASpaceIndentedFileWhenTheModelUsedTabs() {
        String file = "def f():\n    if x:\n        g()\n";
        String search = "\tif x:\n\t\tg()";
        String replace = "\tif x:\n\t\tg()\n\t\th()";
        assertEquals("def f():\n    if x:\n        g()\n        h()\n",
                applied(engine.apply(file, blocks(search, replace))).newText());
    }

    @Test
    void dedentsRelativeToTheSearchBase() {
        String file = "    a:\n        b\n    c\n";
        String search = "  b\nc";
        String replace = "  b2\nc2";
        assertEquals("    a:\n        b2\n    c2\n", applied(engine.apply(file, blocks(search, replace))).newText());
    }

    @Test
    void keepsReplaceAsWrittenWhenOnlyTrailingWhitespaceDiffered() {
        String file = "  a  \n  b\n";
        assertEquals("  A\n  b\n", applied(engine.apply(file, blocks("  a", "  A"))).newText());
    }

    @Test
    void exactMatchesUseReplaceAsWritten() {
        assertEquals("  a\n   odd\n", applied(engine.apply("  a\n  b\n", blocks("  b", "   odd"))).newText());
    }

    @Test
    void aSearchMissingOnlyItsIndentationIsMatchedByLinesAndReindented() {
        EditOutcome.Applied out = applied(engine.apply("class A {\n    foo();\n}\n", blocks("foo();", "foo();\nbar();")));
        assertEquals("class A {\n    foo();\n    bar();\n}\n", out.newText());
        assertEquals("line-trimmed", out.matches().get(0).strategy());
    }

    @Test
    void whitespaceNormalizedMatchAnchorsOnTheLongestWordAnywhereInTheSearch() {
        String file = "a(1,\n  b);\n\nwith_a_very_long_name(x);\nend\n";
        EditOutcome.Applied out = applied(engine.apply(file, blocks("a(1, b);\nwith_a_very_long_name(x);", "z();")));
        assertEquals("z();\nend\n", out.newText());
        assertEquals(new BlockMatch(1, "whitespace-normalized", 1, 4), out.matches().get(0));
    }

    /** A tab-indented file whose SEARCH and REPLACE came back with spaces in front of every line's tabs. */
    private static final String TABBED = "func f() {\n\tfor x {\n\t\tif y {\n\t\t\tg()\n\t\t}\n\t}\n}\n";

    @Test
    void spacesInFrontOfTabsAreNoiseAndAClosingBraceKeepsItsNesting() {
        String search = "  \t\t\tg()\n  \t\t}\n  \t}";
        String replace = "  \t\t\tg()\n  \t}";
        assertEquals("func f() {\n\tfor x {\n\t\tif y {\n\t\t\tg()\n\t}\n}\n",
                applied(engine.apply(TABBED, blocks(search, replace))).newText());
    }

    @Test
    void linesWrittenUnderSpacedTabsKeepTheirTabLevelsRelativeToTheFile() {
        String search = "    \t\tif y {\n    \t\t\tg()\n    \t\t}\n    \t}";
        String replace = "    \t\tif y {\n    \t\t\tg(1)\n    \t\t\th()\n    \t\t}\n    \tbreak\n    \t}";
        assertEquals("func f() {\n\tfor x {\n\t\tif y {\n\t\t\tg(1)\n\t\t\th()\n\t\t}\n\tbreak\n\t}\n}\n",
                applied(engine.apply(TABBED, blocks(search, replace))).newText());
    }

    @Test
    void fourSpaceLevelsUnderATwoSpaceOffsetMapToOneTabEach() {
        String search = "      if y {\n          g()\n      }";
        String replace = "      if y {\n          if z {\n              g()\n          }\n      }\n      k()";
        assertEquals("func f() {\n\tfor x {\n\t\tif y {\n\t\t\tif z {\n\t\t\t\tg()\n\t\t\t}\n\t\t}\n\t\tk()\n\t}\n}\n",
                applied(engine.apply(TABBED, blocks(search, replace))).newText());
    }
}
