package dev.agentls.bench;

import dev.agentls.edit.EditOutcome;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.syntax.Grammar;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.syntax.SyntaxTree;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The lazy merge of issue 3 (run by {@code scripts/bench-edit}): a 3-hunk {@code // ... existing code ...} edit on a
 * 5,000-line Java file, parsing included. The hunks change a line inside a method, add a method after another, and
 * change a method's signature and body, which is matched by name: every call parses the edit with tree-sitter, and
 * the file's lines that name that method with the class around them (the merger never parses more of the file).
 * The outcome is checked once in setup (four changed regions, the exact text), so a fast wrong answer cannot pass.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class LazyMergeBench {

    private final LazyMerger merger = new LazyMerger();
    private final SyntaxParser parser = new SyntaxParser();
    private String file;
    private String edit;

    @Setup
    public void setUp() {
        file = javaFile(5_000);
        edit = threeHunks();
        EditOutcome outcome = merger.merge("Inventory.java", file, edit);
        if (!(outcome instanceof EditOutcome.Applied applied) || applied.matches().size() != 4
                || !applied.newText().equals(expected(file))) {
            throw new IllegalStateException("benchmark shape not merged as expected: " + outcome);
        }
    }

    @Benchmark
    public EditOutcome threeHunksOn5kJava() {
        return merger.merge("Inventory.java", file, edit);
    }

    /** The anchor: one tree-sitter parse of the whole file, which the merge never pays. */
    @Benchmark
    public Optional<SyntaxTree> fullParseOf5kJava() {
        return parser.parse(Grammar.JAVA, file);
    }

    /** A class of about {@code lines} lines: fields, then methods of nine lines with varied bodies. */
    static String javaFile(int lines) {
        StringBuilder b = new StringBuilder("package bench;\n\nimport java.util.List;\n\npublic class Inventory {\n\n");
        int methods = (lines - 8) / 9;
        for (int i = 0; i < methods; i++) {
            b.append("    /** Computes item ").append(i).append(". */\n")
                    .append("    public long item").append(i).append("(List<Long> values, long seed) {\n")
                    .append("        long result = seed * ").append(i % 97 + 3).append(";\n")
                    .append("        for (long v : values) {\n")
                    .append("            result += v % ").append(i % 13 + 2).append(";\n")
                    .append("        }\n")
                    .append("        return result;\n")
                    .append("    }\n\n");
        }
        return b.append("}\n").toString();
    }

    private static String threeHunks() {
        return """
                // ... existing code ...
                    public long item100(List<Long> values, long seed) {
                        long result = seed * 7;
                // ... existing code ...
                    public long item300(List<Long> values, long seed) {
                        // ... existing code ...
                    }

                    public long total(List<Long> values) {
                        return values.stream().mapToLong(Long::longValue).sum();
                    }

                // ... existing code ...
                    public long item520(List<Long> values, long seed, long bonus) {
                        long result = seed * bonus;
                        for (long v : values) {
                            result += v;
                        }
                        return result;
                    }
                // ... existing code ...
                """;
    }

    /** The file with the three hunks applied by hand: the line changed, the method added, the method rewritten. */
    private static String expected(String file) {
        String text = file.replace("item100(List<Long> values, long seed) {\n        long result = seed * 6;",
                "item100(List<Long> values, long seed) {\n        long result = seed * 7;");
        int after300 = text.indexOf("    }\n\n", text.indexOf("    public long item300(")) + "    }\n\n".length();
        text = text.substring(0, after300) + "    public long total(List<Long> values) {\n"
                + "        return values.stream().mapToLong(Long::longValue).sum();\n    }\n\n" + text.substring(after300);
        int at520 = text.indexOf("    public long item520(");
        int end520 = text.indexOf("    }\n", at520);
        String method = text.substring(at520, end520)
                .replace("long seed) {", "long seed, long bonus) {")
                .replace("seed * 38;", "seed * bonus;")
                .replace("v % 2;", "v;");
        return text.substring(0, at520) + method + text.substring(end520);
    }
}
