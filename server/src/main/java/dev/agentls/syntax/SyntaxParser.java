package dev.agentls.syntax;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.treesitter.TSInputEncoding;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSTree;
import org.treesitter.TSTreeCursor;
import org.treesitter.TreeSitterGo;
import org.treesitter.TreeSitterJava;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterPython;
import org.treesitter.TreeSitterTsx;
import org.treesitter.TreeSitterTypescript;

/**
 * Parses text with tree-sitter and keeps the definitions with their lines. Text is handed to tree-sitter as UTF-8
 * bytes we encode ourselves, so byte offsets are standard UTF-8 (names are decoded from those bytes) and rows are
 * lines counted by {@code \n}, as everywhere else in AgentLS. Gives up (an empty result) on text larger than its
 * byte bound or when parsing outlasts its time limit (tree-sitter's error recovery can crawl on garbage), so
 * hostile input costs bounded time. Each call uses its own native parser: safe from any thread.
 */
public final class SyntaxParser {

    /** The default bound: larger texts are not parsed. */
    public static final int DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
    /** The default time limit of one parse. */
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(2);

    private final int maxBytes;
    private final long limitNanos;
    private final LongSupplier nanoClock;

    public SyntaxParser() {
        this(DEFAULT_MAX_BYTES, DEFAULT_TIME_LIMIT, System::nanoTime);
    }

    public SyntaxParser(int maxBytes, Duration timeLimit, LongSupplier nanoClock) {
        this.maxBytes = maxBytes;
        this.limitNanos = timeLimit.toNanos();
        this.nanoClock = nanoClock;
    }

    /** The definitions of a file, by its name; empty when the language has no grammar or the text is too large. */
    public Optional<SyntaxTree> parseFile(String fileName, String text) {
        return FileLanguage.forFileName(fileName).grammar().flatMap(g -> parse(g, text));
    }

    /**
     * Parses only some lines of {@code text}, keeping every line number: the other lines are parsed as empty, so
     * a few definitions and the headers and closing lines around them cost a fraction of the whole file's time.
     */
    public Optional<SyntaxTree> parseLines(Grammar grammar, String text, List<LineSpan> spans) {
        int lines = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines++;
            }
        }
        boolean[] keep = new boolean[lines];
        for (LineSpan span : spans) {
            for (int line = span.first(); line <= Math.min(span.last(), lines); line++) {
                keep[line - 1] = true;
            }
        }
        StringBuilder kept = new StringBuilder();
        int line = 0;
        int start = 0;
        while (start <= text.length()) {
            int end = text.indexOf('\n', start);
            int stop = end < 0 ? text.length() : end;
            if (keep[line]) {
                kept.append(text, start, stop);
            }
            if (end < 0) {
                break;
            }
            kept.append('\n');
            start = end + 1;
            line++;
        }
        return parse(grammar, kept.toString());
    }

    /** Parses {@code text} in {@code grammar}; empty when the text is larger than this parser's bound. */
    public Optional<SyntaxTree> parse(Grammar grammar, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > maxBytes) {
            return Optional.empty();
        }
        try (TSParser parser = new TSParser()) {
            parser.setLanguage(language(grammar));
            long deadline = nanoClock.getAsLong() + limitNanos;
            TSTree tree = parser.parseWithOptions(bytes, null, (buffer, offset, point) -> {
                int n = Math.max(0, Math.min(buffer.length, bytes.length - offset));
                System.arraycopy(bytes, offset, buffer, 0, n);
                return n;
            }, TSInputEncoding.TSInputEncodingUTF8, state -> nanoClock.getAsLong() - deadline > 0);
            if (tree == null) {
                return Optional.empty();
            }
            try (tree) {
                TSNode root = tree.getRootNode();
                return Optional.of(new SyntaxTree(grammar, definitions(grammar, root, bytes), root.hasError()));
            }
        }
    }

    private static TSLanguage language(Grammar grammar) {
        return switch (grammar) {
            case JAVA -> new TreeSitterJava();
            case PYTHON -> new TreeSitterPython();
            case JAVASCRIPT -> new TreeSitterJavascript();
            case TYPESCRIPT -> new TreeSitterTypescript();
            case TSX -> new TreeSitterTsx();
            case GO -> new TreeSitterGo();
        };
    }

    /** A definition found at some depth of the walk: the parent of what lies deeper. */
    private record Open(int depth, int index) {}

    /**
     * Walks the tree in document order with one cursor: constant cost per node (asking a node for its i-th child
     * walks its siblings, which is quadratic on the huge error nodes of garbage input) and no recursion.
     */
    private static List<Definition> definitions(Grammar grammar, TSNode root, byte[] bytes) {
        List<Definition> found = new ArrayList<>();
        Deque<Open> open = new ArrayDeque<>();
        try (TSTreeCursor cursor = new TSTreeCursor(root)) {
            int depth = 0;
            while (true) {
                TSNode node = cursor.currentNode();
                while (!open.isEmpty() && open.peek().depth() >= depth) {
                    open.pop();
                }
                String type = node.getType();
                Definition d = definition(grammar, node, type, bytes, open.isEmpty() ? -1 : open.peek().index());
                if (d != null) {
                    found.add(d);
                    open.push(new Open(depth, found.size() - 1));
                }
                if (!DefinitionRules.opaque(grammar, type) && cursor.gotoFirstChild()) {
                    depth++;
                    continue;
                }
                while (!cursor.gotoNextSibling()) {
                    if (!cursor.gotoParent()) {
                        return found;
                    }
                    depth--;
                }
            }
        }
    }

    private static Definition definition(Grammar grammar, TSNode node, String type, byte[] bytes, int parent) {
        boolean declarator = DefinitionRules.isDeclarator(grammar, type);
        if (!DefinitionRules.isDefinition(grammar, type) && !declarator) {
            return null;
        }
        if (declarator) {
            TSNode value = node.getChildByFieldName("value");
            if (value.isNull() || !DefinitionRules.isFunctionValue(value.getType())) {
                return null;
            }
        }
        TSNode name = node.getChildByFieldName("name");
        if (name.isNull()) {
            return null;
        }
        TSNode outer = node;
        while (!outer.getParent().isNull() && DefinitionRules.isWrapper(outer.getParent().getType())) {
            outer = outer.getParent();
        }
        String text = new String(bytes, name.getStartByte(), name.getEndByte() - name.getStartByte(),
                StandardCharsets.UTF_8);
        return new Definition(DefinitionRules.kind(type), text, outer.getStartPoint().getRow() + 1,
                name.getStartPoint().getRow() + 1, endRow(node) + 1, parent);
    }

    /** The last line holding the node's text: a node ending at column 0 ends on the line before. */
    private static int endRow(TSNode node) {
        int row = node.getEndPoint().getRow();
        if (node.getEndPoint().getColumn() == 0 && row > node.getStartPoint().getRow()) {
            row--;
        }
        return row;
    }
}
