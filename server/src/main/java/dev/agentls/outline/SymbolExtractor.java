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
        List<String> lines = text.lines().toList();
        List<SourceSymbols.Tag> tags = new ArrayList<>(definitions.size());
        for (Definition d : definitions) {
            int depth = 0;
            for (int p = d.parent(); p >= 0; p = definitions.get(p).parent()) {
                depth++;
            }
            String line = d.nameLine() <= lines.size() ? lines.get(d.nameLine() - 1).strip() : d.name();
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

    private String pooled(String name) {
        String known = names.putIfAbsent(name, name);
        return known == null ? name : known;
    }
}
