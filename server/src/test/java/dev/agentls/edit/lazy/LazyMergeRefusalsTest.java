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
