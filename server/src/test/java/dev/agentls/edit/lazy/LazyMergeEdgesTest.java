package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentls.edit.BlockMatch;
import dev.agentls.edit.EditOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The edges of EDIT-SEMANTICS "Lazy edits": markers at the ends or not, placement, indentation, bytes. */
class LazyMergeEdgesTest extends LazyMergeSupport {

    private static final String FILE = """
            import os

            def load(path):
                with open(path) as f:
                    return f.read()

            def save(path, text):
                with open(path, "w") as f:
                    f.write(text)
            """;

    @Test
    void editWithoutMarkersReplacesTheWholeFileKeepingItsMissingFinalNewline() {
        String original = "a = 1\nb = 2\nc = 3";
        assertEquals("a = 1\nb = 20\nc = 3", merged("v.py", original, "a = 1\nb = 20\nc = 3\n"));
        assertEquals("a = 1\nb = 20\nc = 3\n", merged("v.py", original + "\n", "a = 1\nb = 20\nc = 3"));
    }

    @Test
    void editWithoutLeadingMarkerStartsAtLineOne() {
        String original = "header\none = 1\ntwo = 2\nthree = 3\nfour = 4\n";
        assertEquals("one = 1\ntwo = 22\nthree = 3\nfour = 4\n",
                merged("n.txt", original, "one = 1\ntwo = 22\n# ... existing code ...\n"));
    }

    @Test
    void newCodeThenTrailingMarkerWithNoAnchorPrepends() {
        assertEquals("# generated\n" + FILE, merged("io.py", FILE, "# generated\n# ... existing code ...\n"));
    }

    @Test
    void leadingMarkerThenNewCodeWithNoAnchorAppends() {
        String added = "\n\ndef remove(path):\n    os.remove(path)\n";
        assertEquals(FILE + added, merged("io.py", FILE, "# ... existing code ...\n" + added));
    }

    @Test
    void newLinesRightAfterAnAnchorGoRightAfterIt() {
        String edit = """
                # ... existing code ...
                def load(path):
                    print("loading", path)
                # ... existing code ...
                """;
        assertEquals(FILE.replace("def load(path):\n", "def load(path):\n    print(\"loading\", path)\n"),
                merged("io.py", FILE, edit));
    }

    @Test
    void newLinesRightAfterAMarkerGoRightBeforeTheNextAnchor() {
        String edit = """
                # ... existing code ...

                def check(path):
                    return os.path.exists(path)

                def save(path, text):
                # ... existing code ...
                """;
        assertEquals(FILE.replace("\ndef save(path, text):\n", "\ndef check(path):\n    return os.path.exists(path)\n"
                + "\ndef save(path, text):\n"), merged("io.py", FILE, edit));
    }

    @Test
    void changedLineNextToAMarkerReplacesTheOriginalInsteadOfDuplicatingIt() {
        String edit = "import os, sys\n\n# ... existing code ...\n";
        assertEquals(FILE.replace("import os\n", "import os, sys\n"), merged("io.py", FILE, edit));
    }

    @Test
    void codeBetweenTwoAnchorsWithNoMarkerReplacesTheLinesBetween() {
        String edit = """
                # ... existing code ...
                def load(path):
                    return open(path).read()

                def save(path, text):
                # ... existing code ...
                """;
        assertEquals(FILE.replace("    with open(path) as f:\n        return f.read()\n",
                "    return open(path).read()\n"), merged("io.py", FILE, edit));
    }

    @Test
    void anchoringIgnoresIndentationAndNewLinesTakeTheFilesIndentation() {
        String original = "class A {\n    void a() {\n        one();\n    }\n}\n";
        String edit = "class A {\n  void a() {\n    one();\n    two();\n  }\n}\n";
        assertEquals("class A {\n    void a() {\n        one();\n        two();\n    }\n}\n",
                merged("A.java", original, edit));
    }

    @Test
    void tabIndentedFileGetsTabsForNewLines() {
        String original = "func f() {\n\tif x {\n\t\ta()\n\t}\n}\n";
        String edit = "func f() {\n    if x {\n        a()\n        b()\n    }\n}\n";
        assertEquals("func f() {\n\tif x {\n\t\ta()\n\t\tb()\n\t}\n}\n", merged("f.go", original, edit));
    }

    @Test
    void crlfFileKeepsItsBytesAndNewLinesTakeCrlf() {
        String original = "class A {\r\n  void a() {}\r\n  void b() {}\r\n}\r\n";
        String edit = "class A {\n  // ... existing code ...\n  void c() {}\n}\n";
        assertEquals("class A {\r\n  void a() {}\r\n  void b() {}\r\n  void c() {}\r\n}\r\n",
                merged("A.java", original, edit));
    }

    @Test
    void untouchedLinesKeepTheirOwnLineEndingsAndTrailingWhitespace() {
        String original = "one  \r\ntwo\nthree\t\r\nfour\n";
        String edit = "# ... existing code ...\nthree\nFOUR\n";
        assertEquals("one  \r\ntwo\nthree\t\r\nFOUR\n", merged("x.txt", original, edit));
    }

    @Test
    void emptyFileTakesTheEditAsIs() {
        assertEquals("print('hi')\n", merged("new.py", "", "print('hi')\n"));
    }

    @Test
    void markerSpellingsAllStandForKeptCode() {
        for (String marker : new String[] {"# ... existing code ...", "# ... rest of the code ...",
                "# ... existing code here ...", "# existing code...", "# (existing code)", "# ... same ...",
                "    # ...existing code..."}) {
            String edit = marker + "\ndef save(path, text):\n    with open(path, \"a\") as f:\n" + marker + "\n";
            assertEquals(FILE.replace("\"w\"", "\"a\""), merged("io.py", FILE, edit), marker);
        }
    }

    @Test
    void reportsEachChangedRegionInTheOriginalsLines() {
        String edit = """
                import os, sys

                # ... existing code ...
                def load(path):
                    print("loading", path)
                # ... existing code ...
                def save(path, text):
                    with open(path, "a") as f:
                        f.write(text)
                """;
        EditOutcome.Applied applied = (EditOutcome.Applied) merger.merge("io.py", FILE, edit);
        assertEquals(List.of(new BlockMatch(1, "lazy", 1, 1), new BlockMatch(2, "lazy", 3, 3),
                new BlockMatch(3, "lazy", 8, 8)), applied.matches());
    }

    @Test
    void removalIsAllowedWhenTheEditSaysSo() {
        String original = "a()\n" + "b()\n".repeat(10) + "c()\n";
        assertEquals("a()\n# removed the b() calls\nc()\n",
                merged("x.py", original, "a()\n# removed the b() calls\nc()\n"));
    }
}
