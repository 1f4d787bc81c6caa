package dev.agentls.bench;

import dev.agentls.edit.SearchReplaceBlock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The texts and blocks the edit benchmarks apply: seeded, realistic Java (classes of methods with 4-space
 * indentation, each method unique by name), and blocks cut from it the way a model writes them.
 */
final class EditShapes {

    private EditShapes() {}

    /** A Java-like file of exactly {@code lines} lines, each ending in \n; every method body differs. */
    static String javaFile(int lines, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(lines * 40);
        int written = 0;
        int cls = 0;
        while (written < lines) {
            sb.append("public class Service").append(cls).append(" {\n");
            written++;
            for (int m = 0; m < 20 && written < lines - 2; m++) {
                int id = cls * 100 + m;
                sb.append("    public int compute").append(id).append("(int input, String label) {\n");
                sb.append("        int total = input * ").append(r.nextInt(1000)).append(";\n");
                sb.append("        for (int i = 0; i < ").append(r.nextInt(50) + 1).append("; i++) {\n");
                sb.append("            total += helper").append(r.nextInt(30)).append("(i, label);\n");
                sb.append("        }\n");
                sb.append("        log.debug(\"compute").append(id).append(" {}\", total);\n");
                sb.append("        return total;\n");
                sb.append("    }\n");
                sb.append("\n");
                written += 9;
            }
            sb.append("}\n");
            written++;
            cls++;
        }
        String text = sb.toString();
        int cut = 0;
        for (int i = 0; i < lines; i++) {
            cut = text.indexOf('\n', cut) + 1;
        }
        return text.substring(0, cut);
    }

    /** Lines {@code [from, from + count)} (0-based) of a text, each with its \n. */
    static String lines(String text, int from, int count) {
        int start = 0;
        for (int i = 0; i < from; i++) {
            start = text.indexOf('\n', start) + 1;
        }
        int end = start;
        for (int i = 0; i < count; i++) {
            end = text.indexOf('\n', end) + 1;
        }
        return text.substring(start, end);
    }

    /** The 0-based line of the last method that starts at or before 0-based line {@code line}. */
    static int methodNear(String text, int line) {
        int offset = 0;
        for (int i = 0; i < line; i++) {
            offset = text.indexOf('\n', offset) + 1;
        }
        int at = text.lastIndexOf("    public int compute", offset);
        return lineOfOffset(text, at);
    }

    private static int lineOfOffset(String text, int at) {
        int line = 0;
        for (int i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }

    /** The 0-based line where the method with this id starts. */
    static int methodLine(String text, int id) {
        int at = text.indexOf("public int compute" + id + "(");
        int line = 0;
        for (int i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }

    /** Each line with its first {@code cut} indentation characters removed (a model that lost the indentation). */
    static String dedent(String block, int cut) {
        StringBuilder sb = new StringBuilder();
        for (String line : block.split("\n", -1)) {
            int n = 0;
            while (n < cut && n < line.length() && line.charAt(n) == ' ') {
                n++;
            }
            sb.append(line.substring(n)).append('\n');
        }
        return sb.substring(0, sb.length() - 1);
    }

    /** A REPLACE for a block: the same lines with every {@code total} renamed. */
    static String rename(String block) {
        return block.replace("total", "sum");
    }

    /** Twenty blocks, one per method spread evenly over the file, in file order. */
    static List<SearchReplaceBlock> spreadBlocks(String text, int count) {
        List<SearchReplaceBlock> blocks = new ArrayList<>();
        int methods = countOf(text, "public int compute");
        for (int b = 0; b < count; b++) {
            int id = idOfNth(text, (int) ((long) b * methods / count));
            String search = lines(text, methodLine(text, id) + 1, 5);
            blocks.add(new SearchReplaceBlock(b + 1, search, rename(search)));
        }
        return blocks;
    }

    private static int countOf(String text, String s) {
        int n = 0;
        for (int i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) {
            n++;
        }
        return n;
    }

    private static int idOfNth(String text, int nth) {
        int at = -1;
        for (int i = 0; i <= nth; i++) {
            at = text.indexOf("public int compute", at + 1);
        }
        int start = at + "public int compute".length();
        return Integer.parseInt(text.substring(start, text.indexOf('(', start)));
    }
}
