package dev.agentls.edit.lazy;

import dev.agentls.syntax.Definition;
import dev.agentls.syntax.Grammar;
import dev.agentls.syntax.LineSpan;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.syntax.SyntaxTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * Where structure decides what text cannot: a definition of the edit matched by name to the file's (qualified by
 * its enclosing definitions, or by its bare name when the edit shows it alone and the name is unique) anchors its
 * name line there even when that line changed, its decorators to the file's decorators, and its closing line to
 * the file's. The edit is parsed as it is (markers are comments to the parser). The file is parsed only when some
 * definition of the edit is not anchored by its text and its name occurs in the file, and then only the lines that
 * can matter (those naming it, their blocks, and the lines enclosing them), so a merge never pays for a full parse
 * of a large file. Edits above {@link #MAX_EDIT_BYTES} are not parsed: structure is for code, not for dumps.
 */
final class StructureMatcher {

    static final int MAX_EDIT_BYTES = 64 * 1024;

    /** Structural anchors outweigh a line that merely happens to be unique. */
    private static final int WEIGHT = 5;
    private static final int DUPLICATE = -2;

    private final SyntaxParser parser;

    StructureMatcher(SyntaxParser parser) {
        this.parser = parser;
    }

    List<Anchor> anchors(Optional<Grammar> grammar, String original, String editText, EditModel edit,
            FileModel file, IntPredicate anchoredByText) {
        if (grammar.isEmpty() || editText.length() > MAX_EDIT_BYTES) {
            return List.of();
        }
        Optional<SyntaxTree> after = parser.parse(grammar.get(), editText);
        if (after.isEmpty()) {
            return List.of();
        }
        SyntaxTree a = after.get();
        List<Integer> wanted = new ArrayList<>();
        for (int i = 0; i < a.definitions().size(); i++) {
            Definition d = a.definitions().get(i);
            // Error recovery can place a definition past the edit's last line (a string left open runs to the end
            // of the text): no edit line to anchor.
            boolean onAnEditLine = d.nameLine() >= 1 && d.nameLine() <= edit.size();
            if (onAnEditLine && !anchoredByText.test(d.nameLine() - 1) && containsWord(original, d.name())) {
                wanted.add(i);
            }
        }
        if (wanted.isEmpty()) {
            return List.of();
        }
        List<String> names = wanted.stream().map(i -> a.definitions().get(i).name()).distinct().toList();
        Optional<SyntaxTree> before = parser.parseLines(grammar.get(), original, spans(file, names));
        if (before.isEmpty()) {
            return List.of();
        }
        SyntaxTree b = before.get();
        Map<String, Integer> byQualified = new HashMap<>();
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < b.definitions().size(); i++) {
            byQualified.merge(b.qualifiedName(i), i, (x, y) -> DUPLICATE);
            byName.merge(b.definitions().get(i).name(), i, (x, y) -> DUPLICATE);
        }
        List<Anchor> anchors = new ArrayList<>();
        for (int i : wanted) {
            Definition d = a.definitions().get(i);
            // A definition the edit shows alone whose header line occurs twice in the file (two nested helpers of
            // one name) is ambiguous: the file's partial parse may not see what encloses each, so only text decides.
            if (d.topLevel() && file.occurrences(edit.keys[d.nameLine() - 1]).size() > 1) {
                continue;
            }
            // Shown alone, a name the file defines twice is ambiguous even when one of them parsed as top-level:
            // the partial parse may have lost what encloses it. Alone means at the top of the edit, or nested in
            // nothing the edit shows (a method shown without its class): its qualified name is its bare name, which
            // the partial parse may also give a twin whose class it lost.
            boolean alone = d.topLevel() || a.qualifiedName(i).equals(d.name());
            boolean twice = alone && (byName.getOrDefault(d.name(), -1) == DUPLICATE
                    || headerLines(file, d.name()) > 1);
            if (twice) {
                continue;
            }
            int match = byQualified.getOrDefault(a.qualifiedName(i), -1);
            if (match == -1 && d.topLevel()) {
                match = byName.getOrDefault(d.name(), -1);
            }
            if (match >= 0) {
                pair(d, b.definitions().get(match), edit, file, anchors);
            }
        }
        return anchors;
    }

    /**
     * The file lines that can hold a definition with one of these names, with what a parser needs around them:
     * every line naming one, with the annotations or decorators right above it and its block down to its closing
     * line, and each enclosing line (by indentation) with its closing line, so qualified names come out whole.
     */
    private static List<LineSpan> spans(FileModel file, List<String> names) {
        List<LineSpan> spans = new ArrayList<>();
        for (int line = 0; line < file.size(); line++) {
            String text = file.source.line(line);
            if (names.stream().noneMatch(name -> containsWord(text, name))) {
                continue;
            }
            int top = line;
            while (top > 0 && file.indent[top - 1] == file.indent[line] && file.keys[top - 1].startsWith("@")) {
                top--;
            }
            spans.add(new LineSpan(top + 1, blockEnd(file, line) + 1));
            for (int k = file.enclosing[line]; k >= 0; k = file.enclosing[k]) {
                spans.add(new LineSpan(k + 1, k + 1));
                int closer = file.closerOf(k);
                if (closer >= 0) {
                    spans.add(new LineSpan(closer + 1, closer + 1));
                }
            }
        }
        return spans;
    }

    /** The last line of the block a line opens: its closing line, else the last line indented deeper than it. */
    private static int blockEnd(FileModel file, int line) {
        int closer = file.closerOf(line);
        if (closer >= 0) {
            return closer;
        }
        int last = line;
        for (int k = line + 1; k < file.size(); k++) {
            if (file.blank(k)) {
                continue;
            }
            if (file.indent[k] <= file.indent[line]) {
                break;
            }
            last = k;
        }
        return last;
    }

    /**
     * How many lines of the file read as a header defining {@code name}: the name right before a parenthesis (or
     * after {@code class}) on a line that opens a block or starts with {@code def}. Counted on the text, as a partial parse can lose one.
     */
    private static int headerLines(FileModel file, String name) {
        int count = 0;
        for (int line = 0; line < file.size() && count < 2; line++) {
            String key = file.keys[line];
            // A Python header whose parameters run on over several lines ends in a comma, not a colon.
            boolean opens = key.endsWith(":") || key.endsWith("{") || key.startsWith("def ")
                    || key.startsWith("async def ");
            if (opens && (key.contains(name + "(") || key.contains(name + " (")
                    || key.contains("class " + name)) && containsWord(key, name)) {
                count++;
            }
        }
        return count;
    }

    private static boolean containsWord(String text, String word) {
        if (word.isEmpty()) {
            return false;
        }
        for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
            int end = at + word.length();
            if ((at == 0 || !identifierPart(text.charAt(at - 1)))
                    && (end == text.length() || !identifierPart(text.charAt(end)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean identifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static void pair(Definition e, Definition o, EditModel edit, FileModel file, List<Anchor> out) {
        add(e.nameLine() - 1, o.nameLine() - 1, edit, file, out);
        // Decorators pair first with first only when both show as many and the first reads as the same line (or a
        // changed version of it): an edit that leaves out the file's first decorator starts at its second.
        int es = e.startLine() - 1;
        int os = o.startLine() - 1;
        if (es < e.nameLine() - 1 && os < o.nameLine() - 1 && e.nameLine() - e.startLine() == o.nameLine() - o.startLine()
                && es < edit.size() && os < file.size() && (edit.keys[es].equals(file.keys[os])
                        || Similarity.changedVersion(edit.keys[es], file.keys[os], false))) {
            add(es, os, edit, file, out);
        }
        int ee = e.endLine() - 1;
        int oe = o.endLine() - 1;
        int header = e.startLine() - 1;
        if (ee > e.nameLine() - 1 && oe > o.nameLine() - 1 && ee < edit.size() && oe < file.size()
                && LineKeys.isCloser(edit.keys[ee]) && LineKeys.isCloser(file.keys[oe])
                && edit.indent[ee] == edit.indent[header] && !markerBetween(edit, header, ee)) {
            add(ee, oe, edit, file, out);
        }
    }

    /** A marker inside the definition means the parser may have closed it somewhere else than the model did. */
    private static boolean markerBetween(EditModel edit, int from, int to) {
        for (int k = from; k <= to; k++) {
            if (edit.marker[k]) {
                return true;
            }
        }
        return false;
    }

    private static void add(int e, int o, EditModel edit, FileModel file, List<Anchor> out) {
        if (e >= 0 && e < edit.size() && o >= 0 && o < file.size() && edit.code(e) && !file.blank(o)) {
            out.add(new Anchor(e, o, !edit.keys[e].equals(file.keys[o]), WEIGHT));
        }
    }
}
