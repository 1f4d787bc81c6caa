package dev.agentls.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("slow")
class SyntaxParserTest {

    private final SyntaxParser parser = new SyntaxParser();

    private List<String> outline(String fileName, String text) {
        SyntaxTree tree = parser.parseFile(fileName, text).orElseThrow();
        List<Definition> defs = tree.definitions();
        return IntStream.range(0, defs.size())
                .mapToObj(i -> defs.get(i).kind() + " " + tree.qualifiedName(i) + " " + defs.get(i).startLine()
                        + "-" + defs.get(i).endLine())
                .toList();
    }

    @Test
    void javaClassesAndMethodsWithAnnotationsInTheirLines() {
        String text = """
                package demo;

                public class Greeter {
                    private final String name;

                    @Override
                    public String toString() {
                        return name;
                    }

                    Greeter(String name) { this.name = name; }

                    interface Inner { void run(); }
                }
                """;
        assertEquals(List.of("class Greeter 3-14", "method Greeter.toString 6-9", "method Greeter.Greeter 11-11",
                "interface Greeter.Inner 13-13", "method Greeter.Inner.run 13-13"), outline("Greeter.java", text));
    }

    @Test
    void pythonDecoratorBelongsToItsFunction() {
        String text = """
                import os

                @app.get("/")
                def read_root():
                    return 1

                class Store:
                    def get(self, key):
                        return key
                """;
        assertEquals(List.of("function read_root 3-5", "class Store 7-9", "function Store.get 8-9"),
                outline("app.py", text));
        Definition root = parser.parseFile("app.py", text).orElseThrow().definitions().get(0);
        assertEquals(4, root.nameLine());
    }

    @Test
    void javascriptClassesMethodsAndArrowFunctions() {
        String text = """
                export class Calculator {
                  add(n) {
                    return n;
                  }
                }

                const twice = (x) => x * 2;
                function main() {}
                """;
        assertEquals(List.of("class Calculator 1-5", "method Calculator.add 2-4", "function twice 7-7",
                "function main 8-8"), outline("calc.js", text));
    }

    @Test
    void typescriptAndTsxDefinitions() {
        assertEquals(List.of("interface Shape 1-3", "type Id 4-4", "function area 5-7"), outline("shapes.ts", """
                interface Shape {
                  size: number;
                }
                type Id = string;
                export function area(s: Shape): number {
                  return s.size;
                }
                """));
        assertEquals(List.of("function Page 1-3"), outline("Page.tsx", """
                function Page() {
                  return <div>{/* note */}</div>;
                }
                """));
    }

    @Test
    void goFunctionsMethodsAndTypes() {
        assertEquals(List.of("type Point 3-5", "method Norm 7-9", "function main 11-11"), outline("main.go", """
                package main

                type Point struct {
                	X, Y int
                }

                func (p Point) Norm() int {
                	return p.X
                }

                func main() {}
                """));
    }

    @Test
    void linesAndNamesStayRightAfterMultiByteText() {
        String text = "// héllo wörld 🎉 ünïcödé\nclass Größe {\n  String s = \"日本語🎉\";\n  void maß() {}\n}\n";
        assertEquals(List.of("class Größe 2-5", "method Größe.maß 4-4"), outline("Größe.java", text));
    }

    @Test
    void parsesOnlyTheGivenLinesKeepingTheirNumbers() {
        String text = """
                package demo;

                public class Big {
                    void a() {
                        int x = 1;
                    }

                    void b() {
                        int y = 2;
                    }
                }
                """;
        SyntaxTree tree = parser.parseLines(Grammar.JAVA, text,
                List.of(new LineSpan(3, 3), new LineSpan(8, 10), new LineSpan(11, 11))).orElseThrow();
        assertEquals(List.of("Big 3-11", "Big.b 8-10"), IntStream.range(0, tree.definitions().size())
                .mapToObj(i -> tree.qualifiedName(i) + " " + tree.definitions().get(i).startLine() + "-"
                        + tree.definitions().get(i).endLine()).toList());
    }

    @Test
    void brokenCodeIsParsedWithErrorsFlagged() {
        SyntaxTree tree = parser.parseFile("x.java", "class A { void f( { }").orElseThrow();
        assertTrue(tree.hasErrors());
        assertFalse(parser.parseFile("x.java", "class A {}").orElseThrow().hasErrors());
    }

    @Test
    void refusesTextLargerThanItsBoundAndFilesWithoutGrammar() {
        assertTrue(new SyntaxParser(10, Duration.ofSeconds(5), System::nanoTime)
                .parseFile("a.java", "class Abcdefghijkl {}").isEmpty());
        assertTrue(parser.parseFile("notes.txt", "class A {}").isEmpty());
    }

    @Test
    void givesUpWhenParsingOutlastsItsTimeLimit() {
        long[] now = {0};
        // Every look at the clock moves it a second on: the first progress check is past a 1 ms limit.
        SyntaxParser slow = new SyntaxParser(1 << 20, Duration.ofMillis(1), () -> now[0] += 1_000_000_000L);
        StringBuilder garbage = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            garbage.append((char) ('!' + (i * 7919) % 90)).append(i % 50 == 0 ? "\n" : "");
        }
        assertTrue(slow.parseFile("g.java", garbage.toString()).isEmpty());
    }

    @Test
    void deeplyNestedInputDoesNotOverflowTheStack() {
        String text = "x = " + "(".repeat(20_000) + "1" + ")".repeat(20_000) + "\n";
        assertTrue(parser.parseFile("deep.py", text).isPresent());
    }

    @Test
    void commentSyntaxFollowsTheFileName() {
        assertEquals("... existing code ...", FileLanguage.forFileName("a.py").comments()
                .commentText("# ... existing code ..."));
        assertEquals("x", FileLanguage.forFileName("a.tsx").comments().commentText("{/* x */}"));
        assertEquals("x", FileLanguage.forFileName("index.html").comments().commentText("<!-- x -->"));
        assertEquals("x", FileLanguage.forFileName("q.sql").comments().commentText("-- x"));
        assertEquals("x", FileLanguage.forFileName("init.el").comments().commentText(";; x"));
        assertEquals(null, FileLanguage.forFileName("a.py").comments().commentText("// x"));
        assertEquals("x", FileLanguage.forFileName("Makefile").comments().commentText("# x"));
        assertEquals("text", FileLanguage.forFileName("README").name());
    }
}
