package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Lazy rule 8: in indentation-structured files (YAML, Python, Makefiles) every line comes out at the nesting the
 * edit shows, in the file's indentation unit and character, while an edit shifted or re-indented as a whole still
 * lands at the file's depths.
 */
class LazyMergeNestingTest extends LazyMergeSupport {

    @Test
    void yamlKeyTheEditMovesUnderAnotherKeyComesOutAtTheEditsNesting() {
        String yaml = "app:\n  name: demo\n  port: 80\ndebug: true\nusers:\n  - alice\n";
        String edit = "# ... existing code ...\n  port: 80\n  debug: true\n# ... existing code ...\n";
        assertEquals("app:\n  name: demo\n  port: 80\n  debug: true\nusers:\n  - alice\n",
                merged("app.yml", yaml, edit));
    }

    @Test
    void pythonLineTheEditMovesIntoALoopComesOutInsideItWithTheFilesTabs() {
        String python = "def f(items):\n\tfor i in items:\n\t\tprint(i)\n\tdone()\n\ndef g():\n\tpass\n";
        String edit = "def f(items):\n    for i in items:\n        print(i)\n        done()\n# ... existing code ...\n";
        assertEquals("def f(items):\n\tfor i in items:\n\t\tprint(i)\n\t\tdone()\n\ndef g():\n\tpass\n",
                merged("f.py", python, edit));
    }

    @Test
    void pythonEditShiftedAsAWholeKeepsTheFilesDepthsAndBytes() {
        String python = "class A:\n    def f(self):\n        x = 1  \n        return x\n";
        String edit = "        # ... existing code ...\n            x = 1\n            y = 2\n            return x\n";
        assertEquals("class A:\n    def f(self):\n        x = 1  \n        y = 2\n        return x\n",
                merged("a.py", python, edit));
    }

    @Test
    void makefileRecipeLinesWrittenWithSpacesComeOutWithTheFilesTabs() {
        String makefile = "all: app\n\napp: main.o\n\tcc -o app main.o\n\nclean:\n\trm -f app\n";
        String edit = "# ... existing code ...\napp: main.o\n    cc -O2 -o app main.o\n    strip app\n"
                + "# ... existing code ...\n";
        assertEquals("all: app\n\napp: main.o\n\tcc -O2 -o app main.o\n\tstrip app\n\nclean:\n\trm -f app\n",
                merged("Makefile", makefile, edit));
    }
}
