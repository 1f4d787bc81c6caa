package dev.agentls.outline;

import dev.agentls.syntax.Definition;
import dev.agentls.syntax.FileLanguage;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.syntax.SyntaxTree;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Extracts a file's {@link SourceSymbols}: definitions from its tree-sitter parse, references from an
 * {@link IdentifierScanner} pass. Names are shared through one pool so the same identifier in ten thousand files
 * is one string. Empty for files with no grammar or too large to parse. Safe from any thread.
 */
final class SymbolExtractor {

    /** Longest declaring line the map shows; longer ones are cut with an ellipsis. */
    static final int MAX_SIGNATURE = 160;

    private final SyntaxParser parser;
    private final Map<String, String> names = new ConcurrentHashMap<>();

    SymbolExtractor(SyntaxParser parser) {
        this.parser = parser;
    }

    static boolean parsable(String path) {
        return FileLanguage.forFileName(path).grammar().isPresent();
    }

    static String hash(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }

    Optional<SourceSymbols> extract(String path, String text, String contentHash) {
        FileLanguage language = FileLanguage.forFileName(path);
        Optional<SyntaxTree> parsed = parser.parseFile(path, text);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        List<Definition> definitions = parsed.get().definitions();
        // Line starts, not the lines: only the few declaring lines are cut out of the text.
        int[] starts = lineStarts(text);
        List<SourceSymbols.Tag> tags = new ArrayList<>(definitions.size());
        for (Definition d : definitions) {
            int depth = 0;
            for (int p = d.parent(); p >= 0; p = definitions.get(p).parent()) {
                depth++;
            }
            String line = d.nameLine() <= starts.length ? line(text, starts, d.nameLine()).strip() : d.name();
            if (line.length() > MAX_SIGNATURE) {
                line = line.substring(0, MAX_SIGNATURE) + "…";
            }
            tags.add(new SourceSymbols.Tag(pooled(d.name()), d.kind(), d.nameLine(), depth, line));
        }
        Map<String, Integer> counted = new IdentifierScanner(language.comments()).count(text);
        String[] referenced = new String[counted.size()];
        int[] counts = new int[counted.size()];
        int i = 0;
        for (Map.Entry<String, Integer> e : counted.entrySet()) {
            referenced[i] = pooled(e.getKey());
            counts[i] = e.getValue();
            i++;
        }
        return Optional.of(new SourceSymbols(contentHash, tags, referenced, counts));
    }

    /** The offset where each line starts; line breaks as {@link String#lines}: LF, CR LF or a lone CR. */
    static int[] lineStarts(String text) {
        int[] starts = new int[64];
        int count = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            if (count == starts.length) {
                starts = java.util.Arrays.copyOf(starts, count * 2);
            }
            starts[count++] = i;
            while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                i++;
            }
            if (i < n && text.charAt(i) == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                i++;
            }
            i++;
        }
        return java.util.Arrays.copyOf(starts, count);
    }

    /** Line {@code number} (1-based) without its line break. */
    static String line(String text, int[] starts, int number) {
        int from = starts[number - 1];
        int to = from;
        while (to < text.length() && text.charAt(to) != '\n' && text.charAt(to) != '\r') {
            to++;
        }
        return text.substring(from, to);
    }

    private String pooled(String name) {
        String known = names.putIfAbsent(name, name);
        return known == null ? name : known;
    }
}
