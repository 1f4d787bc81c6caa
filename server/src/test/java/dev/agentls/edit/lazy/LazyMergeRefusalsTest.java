package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every refusal of a lazy edit, with the facts its message must carry. */
class LazyMergeRefusalsTest extends LazyMergeSupport {

    private static final String TOTALS = """
            def net(items):
                total = sum(items)
                return total

            def gross(items):
                total = sum(items) * 1.2
                return total
            """;

    @Test
    void refusesAnAmbiguousAnchorAndListsEveryCandidateLine() {
        String edit = "# ... existing code ...\n    return total\n    log(total)\n# ... existing code ...\n";
        LazyEditFailure f = refused("t.py", TOTALS, edit);
        LazyEditFailure.AmbiguousAnchor a = assertInstanceOf(LazyEditFailure.AmbiguousAnchor.class, f);
        assertEquals(2, a.editLine());
        assertEquals(List.of(3, 7), a.candidateLines());
        assertTrue(f.message().contains("edit line 2 `return total` occurs at lines 3, 7"), f.message());
    }

    /**
     * Next to a marker, the edit's closing quotes are either the docstring's first line changed or its own closing
     * line kept with the text line deleted: two different files, so the merge names both readings and applies none.
     */
    @Test
    void refusesALineThatReadsAsAChangedLineAndAsItsKeptTwinAfterADeletion() {
        String file = """
                class Shelf:
                    def put(self, book):
                        \"\"\"Put a book on the shelf, at its end.
                        \"\"\"

                        self.books.append(book)

                    def take(self):
                        \"\"\"
                        Take the last book.
                        \"\"\"
                        return self.books.pop()
                """;
        String edit = "# ... existing code ...\n    def put(self, book):\n        \"\"\"\n\n# ... existing code ...\n";
        LazyEditFailure f = refused("shelf.py", file, edit);
        assertEquals("cannot place edit line 3 `\"\"\"`: it reads as line 3 changed, and as line 4 kept with line 3"
                + " deleted; show the lines around it as they stand", f.message());
    }

    /**
     * Two classes define {@code shelve} with a header running over two lines; the edit shows one of them without its
     * class, its header changed, between lines found once in the file. The name alone cannot say which twin: the
     * unique lines around it do, so the change lands in the first class and the second stays as it was. (A guard: on
     * a file this small the partial parse keeps both classes; the generator's case on sphinx's autodoc, where it
     * lost one and the name matched the wrong twin, is what this rule fixed.)
     */
    @Test
    void aMethodShownWithoutItsClassIsPlacedByItsUniqueNeighboursNotByItsNameTwin() {
        String file = """
                class Paper:
                    def fold(self):
                        self.folds += 1

                    def shelve(self, shelf,
                               at=None):
                        \"\"\"Put the paper away.\"\"\"
                        shelf.add(self)


                class Book:
                    def shelve(self, shelf,
                               at=None):
                        shelf.insert(at, self)
                """;
        String edit = "# ... existing code ...\n        self.folds += 1\n\n    def shelve(self, shelf, strict,\n"
                + "               at=None):\n        \"\"\"Put the paper away.\"\"\"\n# ... existing code ...\n";
        assertEquals(file.replace("def shelve(self, shelf,\n               at=None):\n        \"\"\"",
                "def shelve(self, shelf, strict,\n               at=None):\n        \"\"\""), merged("shelf.py", file, edit));
    }

    @Test
    void aTieWhosePlacementsWriteTheSameTextIsAppliedOnce() {
        // The new closing line is indented from the lines the edit shows of the file (steps alike in both), so
        // either placement writes the same text: nothing for a tie to decide.
        String file = "class A {\n        a();\n    }\n    c();\n}\n";
        String edit = "class A {\n    // ... existing code ...\n    }\n    added();\n    }\n}\n";
        assertEquals("class A {\n        a();\n    }\n    added();\n    }\n}\n", merged("A.java", file, edit));
    }

    @Test
    void aTieThatOnlySpacesTheCodeDifferentlyIsApplied() {
        String file = "class A {\n    // note\n    }\n    // note\n    a();\n\n}\n";
        String edit = "class A {\n    // ... existing code ...\n\n\n    }\n}\n";
        assertInstanceOf(dev.agentls.edit.EditOutcome.Applied.class, new LazyMerger().merge("A.java", file, edit));
    }

    private static final String GREETER = """
            package demo;

            import java.util.List;
            import java.util.Map;

            public class Greeter {
                String greet(String name) {
                    return "Hello, " + name;
                }
            }
            """;

    @Test
    void refusesAnEditWithoutALeadingMarkerThatWouldDropTheImportsAboveItsFirstLine() {
        String edit = "public class Greeter {\n    // ... existing code ...\n    String bye() {\n        return \"Bye\";\n"
                + "    }\n}\n";
        LazyEditFailure f = refused("Greeter.java", GREETER, edit);
        LazyEditFailure.LeadingLinesDropped d = assertInstanceOf(LazyEditFailure.LeadingLinesDropped.class, f);
        assertEquals(6, d.firstKeptLine());
        assertEquals(3, d.declarations());
        assertEquals("refusing lazy edit: it has no `... existing code ...` marker before its first line, which lands"
                + " at line 6 of the file, so lines 1-5 would be deleted, with 3 import or package line(s) from"
                + " `package demo;`; begin the edit with a marker to keep them, or say in a comment that they are"
                + " removed", f.message());
    }

    @Test
    void theSameEditWithALeadingMarkerKeepsTheImports() {
        String edit = "// ... existing code ...\npublic class Greeter {\n    // ... existing code ...\n"
                + "    String bye() {\n        return \"Bye\";\n    }\n}\n";
        String merged = merged("Greeter.java", GREETER, edit);
        assertTrue(merged.startsWith("package demo;\n\nimport java.util.List;\nimport java.util.Map;\n"), merged);
        assertTrue(merged.contains("    String bye() {"), merged);
    }

    @Test
    void anEditSayingItRemovesTheImportsMayDropThem() {
        String edit = "// removed the unused imports\npublic class Greeter {\n    // ... existing code ...\n}\n";
        String merged = merged("Greeter.java", GREETER, edit);
        assertTrue(!merged.contains("import "), merged);
    }

    @Test
    void refusesAPythonEditThatWouldDropItsFromImports() {
        String file = "from os import path\nimport sys\n\ndef main():\n    return 1\n";
        String edit = "def main():\n    # ... existing code ...\n    print(path)\n";
        LazyEditFailure f = refused("m.py", file, edit);
        assertInstanceOf(LazyEditFailure.LeadingLinesDropped.class, f);
        assertTrue(f.message().contains("lines 1-3 would be deleted, with 2 import or package line(s) from"
                + " `from os import path`"), f.message());
    }

    @Test
    void refusesNewCodeBetweenMarkersWhenNothingAnchorsIt() {
        String edit = "# ... existing code ...\ndef tax(items):\n    return 0\n# ... existing code ...\n";
        LazyEditFailure f = refused("t.py", TOTALS, edit);
        LazyEditFailure.UnplaceableLine u = assertInstanceOf(LazyEditFailure.UnplaceableLine.class, f);
        assertEquals(2, u.editLine());
        assertTrue(f.message().startsWith("cannot place edit line 2 `def tax(items):`"), f.message());
    }

    @Test
    void refusesAMergeThatDropsMostOfTheFileWithoutSayingSo() {
        StringBuilder original = new StringBuilder("class Big {\n");
        for (int i = 0; i < 10; i++) {
            original.append("    void m").append(i).append("() {\n        call").append(i).append("();\n    }\n");
        }
        original.append("}\n");
        String edit = "class Big {\n    void extra() {\n        more();\n    }\n}\n";
        LazyEditFailure f = refused("Big.java", original.toString(), edit);
        LazyEditFailure.SuspiciousDeletion d = assertInstanceOf(LazyEditFailure.SuspiciousDeletion.class, f);
        assertEquals(30, d.deletedLines());
        assertEquals(3, d.addedLines());
        assertEquals(32, d.fileLines());
        assertTrue(f.message().contains("delete 30 of the file's 32 non-blank lines (lines 2-31) and add only 3"),
                f.message());
    }

    @Test
    void refusesAnEditOfOnlyMarkers() {
        LazyEditFailure f = refused("t.py", TOTALS, "# ... existing code ...\n\n# ... rest of the code ...\n");
        assertEquals("refusing lazy edit: the edit holds only `... existing code ...` markers and no code",
                f.message());
    }

    @Test
    void refusesAnEmptyEdit() {
        assertEquals("refusing lazy edit: the edit is empty", refused("t.py", TOTALS, "").message());
    }

    @Test
    void refusesBinaryEditsAndFiles() {
        assertTrue(refused("t.py", TOTALS, "x = 1\0\n").message().contains("edit contains NUL characters"));
        assertTrue(refused("t.bin", "a\0b\n", "# ... existing code ...\nc\n").message()
                .contains("file contains NUL characters"));
    }
}
