package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Issue 9, class 4 and lazy rule 8: next to a marker, the edit's changed version of a file line replaces it; the
 * file never ends up holding the original line and its changed version side by side, whatever the indentation.
 */
class LazyMergeBothVersionsTest extends LazyMergeSupport {

    private static final String TABBED_PYTHON = """
            def main():
            \tprint("hello")
            \tx = compute(1)
            \treturn x

            def other():
            \tpass
            """;

    @Test
    void changedFirstLinesOfATabIndentedFileNextToATrailingMarkerReplaceTheOriginals() {
        String edit = """
                def main(verbose):
                    print("hello world")
                # ... existing code ...
                """;
        assertEquals(TABBED_PYTHON.replace("def main():\n\tprint(\"hello\")", "def main(verbose):\n\tprint(\"hello world\")"),
                merged("main.py", TABBED_PYTHON, edit));
    }

    @Test
    void changedSettingsAtTheTopOfAMakefileReplaceTheOriginalsInsteadOfBeingPrepended() {
        String makefile = "CC=gcc\nall: app\n\napp: main.o\n\t$(CC) -o app main.o\n\nclean:\n\trm -f *.o app\n";
        String edit = "CC=clang\nall: app test\n\n# ... existing code ...\n";
        assertEquals(makefile.replace("CC=gcc\nall: app\n", "CC=clang\nall: app test\n"),
                merged("Makefile", makefile, edit));
    }

    @Test
    void changedKeyOfAYamlFileAfterAnAnchorReplacesItsOldValue() {
        String yaml = "server:\n  port: 80\n  host: example.org\nlogging:\n  level: info\n";
        String edit = "server:\n    port: 80\n    host: example.com\n# ... existing code ...\n";
        assertEquals("server:\n  port: 80\n  host: example.com\nlogging:\n  level: info\n",
                merged("config.yaml", yaml, edit));
    }

    @Test
    void refusesAChangedLineThatWouldLandBesideItsOriginalAndNamesBoth() {
        String edit = """
                # ... existing code ...
                    x = compute(2)
                # ... existing code ...
                    return x
                # ... existing code ...
                """;
        assertEquals("refusing lazy edit: edit line 2 `x = compute(2)` reads as a changed version of line 3"
                + " `x = compute(1)` of the file, which a marker keeps, so the file would hold both"
                + " versions; show the line it replaces with an unchanged line of the file next to it",
                refused("main.py", TABBED_PYTHON, edit).message());
    }

    @Test
    void aNewLineBesideASimilarLineTheEditShowsIsKept() {
        String edit = """
                # ... existing code ...
                    x = compute(1)
                    x = compute(2)
                # ... existing code ...
                """;
        assertEquals(TABBED_PYTHON.replace("\tx = compute(1)\n", "\tx = compute(1)\n\tx = compute(2)\n"),
                merged("main.py", TABBED_PYTHON, edit));
    }

    @Test
    void aNewMethodBesideASimilarOldMethodIsNotTakenForAChangedVersion() {
        String java = "class Counter {\n    int total;\n\n    void add(int n) {\n        total += n;\n    }\n}\n";
        String edit = """
                class Counter {
                    // ... existing code ...

                    void addTwice(int n) {
                        total += n * 2;
                    }
                }
                """;
        assertEquals(java.replace("    }\n}\n", "    }\n\n    void addTwice(int n) {\n        total += n * 2;\n    }\n}\n"),
                merged("Counter.java", java, edit));
    }
}
