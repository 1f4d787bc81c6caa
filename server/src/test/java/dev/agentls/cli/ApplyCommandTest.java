package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentls apply} on temp copies of test-workspaces/demo. */
class ApplyCommandTest {

    static final Path REPO = Path.of(System.getProperty("agentls.repoRoot", "..")).toAbsolutePath().normalize();
    static final String GREETER = "src/main/java/demo/Greeter.java";
    static final String MAIN = "src/main/java/demo/Main.java";

    @TempDir
    Path temp;

    Path workspace;
    Map<Path, String> before;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void copyDemo() throws IOException {
        workspace = temp.resolve("demo");
        Path source = REPO.resolve("test-workspaces/demo");
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.toList()) {
                Path target = workspace.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        before = snapshot();
    }

    private Map<Path, String> snapshot() throws IOException {
        Map<Path, String> texts = new HashMap<>();
        try (Stream<Path> files = Files.walk(workspace)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                texts.put(workspace.relativize(file), Files.readString(file, StandardCharsets.ISO_8859_1));
            }
        }
        return texts;
    }

    private int apply(String stdin, String... args) {
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        try {
            return new ApplyCommand(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8))).run(args, o, e);
        } catch (UsageException usage) {
            e.println("usage: " + usage.getMessage());
            return 2;
        }
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path edit(String text) throws IOException {
        Path file = temp.resolve("answer.edit");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void appliesTheDemoEditAndReportsEachBlockWithItsLinesAndCounts() throws IOException {
        int status = apply("", "--workspace", workspace.toString(), REPO.resolve("scripts/demo-edits/greeter.edit").toString());

        assertEquals(0, status, err());
        assertEquals("""
                src/main/java/demo/Greeter.java: modified, +4 -1
                  block 1: exact, lines 14-16
                src/main/java/demo/Main.java: modified, +2 -2
                  block 1: exact, lines 8-9
                """, out());
        String greeter = Files.readString(workspace.resolve(GREETER));
        assertTrue(greeter.contains("if (name == null || name.isBlank()) {"), greeter);
        assertTrue(Files.readString(workspace.resolve(MAIN)).contains("List.of(args)"));
    }

    @Test
    void theDemoSequenceAppliesThenMergesTheLazyEditThenRefusesTheRepeatTouchingNothing() throws IOException {
        String demoEdit = REPO.resolve("scripts/demo-edits/greeter.edit").toString();
        assertEquals(0, apply("", "--workspace", workspace.toString(), demoEdit), err());
        out.reset();

        int lazy = apply("", "--workspace", workspace.toString(), "--lazy", "--file", GREETER,
                REPO.resolve("scripts/demo-edits/farewell.lazy.java").toString());

        assertEquals(0, lazy, err());
        assertEquals("src/main/java/demo/Greeter.java: modified, +4 -0\n  block 1: lazy, line 23\n", out());
        String greeter = Files.readString(workspace.resolve(GREETER));
        assertTrue(greeter.contains("    public String farewell(String name) {"), greeter);
        assertTrue(greeter.contains("name.strip()"), "the first edit stays: " + greeter);

        Map<Path, String> written = snapshot();
        int again = apply("", "--workspace", workspace.toString(), demoEdit);
        assertEquals(1, again);
        assertTrue(err().contains("its REPLACE text is already in the file, so the change looks already applied"), err());
        assertEquals(written, snapshot(), "a refused edit writes nothing");
    }

    @Test
    void readsBareBlocksFromStdinForTheFileNamedByTheFlag() throws IOException {
        String edit = "------- SEARCH\n        this.greeting = greeting;\n=======\n        this.greeting = greeting.strip();\n"
                + "+++++++ REPLACE\n";

        int status = apply(edit, "--workspace", workspace.toString(), "--file", GREETER, "-");

        assertEquals(0, status, err());
        assertEquals("src/main/java/demo/Greeter.java: modified, +1 -1\n  block 1: exact, line 11\n", out());
        assertTrue(Files.readString(workspace.resolve(GREETER)).contains("greeting.strip();"));
    }

    @Test
    void createsANewFileFromAnEmptySearch() throws IOException {
        Path answer = edit("<file-edit filePath=\"notes/todo.md\">\n------- SEARCH\n=======\n# To do\n- greet\n"
                + "+++++++ REPLACE\n</file-edit>\n");

        int status = apply("", "--workspace", workspace.toString(), answer.toString());

        assertEquals(0, status, err());
        assertEquals("# To do\n- greet\n", Files.readString(workspace.resolve("notes/todo.md")));
        assertTrue(out().startsWith("notes/todo.md: created, +2 -0\n"), out());
    }

    @Test
    void writesNothingForAnyFileWhenOneFilesBlockFails() throws IOException {
        Path answer = edit("""
                <file-edit filePath="src/main/java/demo/Greeter.java">
                ------- SEARCH
                        this.greeting = greeting;
                =======
                        this.greeting = greeting.strip();
                +++++++ REPLACE
                </file-edit>
                <file-edit filePath="src/main/java/demo/Main.java">
                ------- SEARCH
                        System.out.println(nothing);
                =======
                        System.err.println(nothing);
                +++++++ REPLACE
                </file-edit>
                """);

        int status = apply("", "--workspace", workspace.toString(), answer.toString());

        assertEquals(1, status);
        assertTrue(err().startsWith("agentls apply: refused, nothing was written: src/main/java/demo/Main.java: "), err());
        assertTrue(err().contains("block 1"), err());
        assertEquals("", out());
        assertEquals(before, snapshot());
    }

    @Test
    void refusesAPathOutsideTheWorkspace() throws IOException {
        Path answer = edit("<file-edit filePath=\"../outside.txt\">\n------- SEARCH\n=======\nx\n+++++++ REPLACE\n</file-edit>\n");

        assertEquals(1, apply("", "--workspace", workspace.toString(), answer.toString()));

        assertTrue(err().contains("'../outside.txt' is outside the workspace"), err());
        assertTrue(Files.notExists(temp.resolve("outside.txt")));
        assertEquals(before, snapshot());
    }

    @Test
    void refusesAnEditThatNamesNoFile() throws IOException {
        assertEquals(1, apply("------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n", "--workspace", workspace.toString()));
        assertTrue(err().contains("the edit does not say which file it is for"), err());
        assertEquals(before, snapshot());
    }

    @Test
    void refusesAMalformedEdit() throws IOException {
        assertEquals(1, apply("------- SEARCH\na\n=======\nb\n", "--workspace", workspace.toString(), "--file", GREETER));
        assertTrue(err().contains("block 1"), err());
        assertTrue(err().contains("incomplete"), err());
        assertEquals(before, snapshot());
    }

    @Test
    void answersUsageErrorsWithStatusTwo() throws IOException {
        assertEquals(2, Main.run(new String[] {"apply", "--frobnicate"}, new PrintStream(out), new PrintStream(err)));
        assertTrue(err().contains("agentls apply: unknown option '--frobnicate'"), err());
        assertEquals(2, apply("", "--workspace"));
        assertTrue(err().contains("--workspace needs a value"), err());
        assertEquals(2, apply("", "--workspace", workspace.resolve("nope").toString(), "x.edit"));
        assertTrue(err().contains("is not a folder"), err());
        assertEquals(2, apply("", "--workspace", workspace.toString(), "a.edit", "b.edit"));
        assertTrue(err().contains("takes one EDIT_FILE, got 'a.edit' and 'b.edit'"), err());
        assertEquals(2, apply("", "--workspace", workspace.toString(), temp.resolve("missing.edit").toString()));
        assertTrue(err().contains("missing.edit does not exist or is not a file"), err());
        assertEquals(before, snapshot());
    }

    @Test
    void refusesAnEditThatIsNotUtf8() throws IOException {
        Path answer = temp.resolve("latin1.edit");
        Files.write(answer, "------- SEARCH\ncaf\u00e9\n=======\ntea\n+++++++ REPLACE\n".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(2, apply("", "--workspace", workspace.toString(), "--file", GREETER, answer.toString()));
        assertTrue(err().contains("is not valid UTF-8"), err());
    }

    @Test
    void lazyEditFromStdinAddsAMethodToTheClassAndReportsWhereItWent() throws IOException {
        String stats = "scripts/stats.py";
        String edit = """
                # ... existing code ...
                class Stats:
                    # ... existing code ...

                    def count(self):
                        return len(self.values)

                # ... existing code ...
                """;

        int status = apply(edit, "--workspace", workspace.toString(), "--lazy", "--file", stats, "-");

        assertEquals(0, status, err());
        assertEquals("scripts/stats.py: modified, +3 -0\n  block 1: lazy, line 14\n", out());
        String original = before.get(Path.of(stats));
        assertEquals(original.replace("min(self.values)\n", "min(self.values)\n\n    def count(self):\n"
                + "        return len(self.values)\n"), Files.readString(workspace.resolve(stats)));
    }

    @Test
    void refusedLazyEditWritesNothingAndSaysWhy() throws IOException {
        String edit = "# ... existing code ...\ndef median(values):\n    return 0\n# ... existing code ...\n";

        int status = apply(edit, "--workspace", workspace.toString(), "--lazy", "--file", "scripts/stats.py");

        assertEquals(1, status);
        assertTrue(err().contains("refused, nothing was written: scripts/stats.py: cannot place edit line 2 "
                + "`def median(values):`"), err());
        assertEquals(before, snapshot());
    }

    @Test
    void lazyEditOfAMissingFileIsRefused() throws IOException {
        int status = apply("x = 1\n", "--workspace", workspace.toString(), "--lazy", "--file", "scripts/missing.py");

        assertEquals(1, status);
        assertTrue(err().contains("'scripts/missing.py' does not exist; a lazy edit changes an existing file"), err());
        assertEquals(before, snapshot());
    }

    @Test
    void lazyNeedsTheFileItEdits() {
        assertEquals(2, apply("", "--workspace", workspace.toString(), "--lazy"));
        assertTrue(err().contains("--lazy needs --file PATH"), err());
    }

    @Test
    void keepsTheBomAndCrlfLineEndingsOfTheFile() throws IOException {
        Path file = workspace.resolve("Dos.java");
        Files.write(file, "\uFEFFclass Dos {\r\n    int a = 1;\r\n}\r\n".getBytes(StandardCharsets.UTF_8));
        Path answer = edit("------- SEARCH\n    int a = 1;\n=======\n    int a = 1;\n    int b = 2;\n+++++++ REPLACE\n");

        int status = apply("", "--workspace", workspace.toString(), "--file", "Dos.java", answer.toString());

        assertEquals(0, status, err());
        assertEquals("\uFEFFclass Dos {\r\n    int a = 1;\r\n    int b = 2;\r\n}\r\n",
                new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        assertEquals("Dos.java: modified, +1 -0\n  block 1: exact, line 2\n", out());
    }

    @Test
    void refusesAMissingFileAndABinaryFileWritingNothing() throws IOException {
        Files.write(workspace.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0});
        before = snapshot();
        String edit = "------- SEARCH\nPNG\n=======\nJPG\n+++++++ REPLACE\n";

        assertEquals(1, apply(edit, "--workspace", workspace.toString(), "--file", "missing.txt"));
        assertTrue(err().contains("'missing.txt' does not exist; to create it, send one block with an empty SEARCH"),
                err());
        assertEquals(1, apply(edit, "--workspace", workspace.toString(), "--file", "logo.png"));
        assertTrue(err().contains("looks binary: it contains a NUL byte at offset 4"), err());
        assertEquals(before, snapshot());
    }
}
