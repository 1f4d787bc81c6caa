package dev.agentls.edit.generator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The real files the generator edits: every text file of {@code test-workspaces/}, and the distinct originals of the
 * corpora in {@code ../shared} (edit-corpus, real-model-edits) when they are there. Texts are taken with {@code \n}
 * breaks and without a BOM (CRLF is one of the noise classes, applied to the edit). {@code -Dagentls.shared=DIR}
 * reads the corpora from DIR instead: a folder that does not exist runs the generator as a machine without
 * {@code ../shared} does, whose cases differ (a case seen only there once went unnoticed in CI).
 */
record SourceFiles(List<Source> sources) {

    /** A file's name (for its language) and text. */
    record Source(String name, String text) {}

    static SourceFiles load(Path repoRoot) {
        return load(repoRoot, sharedFolder(repoRoot));
    }

    /** The folder the corpora are read from: {@code -Dagentls.shared} when set, else {@code ../shared}. */
    static Path sharedFolder(Path repoRoot) {
        String configured = System.getProperty("agentls.shared");
        return configured == null || configured.isBlank() ? repoRoot.resolve("../shared") : Path.of(configured);
    }

    static SourceFiles load(Path repoRoot, Path shared) {
        Map<String, Source> byText = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(repoRoot.resolve("test-workspaces"))) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                String text = utf8(Files.readAllBytes(p));
                if (text != null) {
                    add(byText, repoRoot.relativize(p).toString(), text);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ObjectMapper json = new ObjectMapper();
        for (String corpus : List.of("edit-corpus", "real-model-edits")) {
            Path dir = shared.resolve(corpus);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    for (JsonNode e : json.readTree(f.toFile())) {
                        String name = e.hasNonNull("path") ? e.get("path").asText() : "entry.txt";
                        add(byText, name, e.get("original").asText());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new SourceFiles(List.copyOf(byText.values()));
    }

    /** Files of at least three non-blank lines, with no line that reads as a SEARCH/REPLACE marker. */
    private static void add(Map<String, Source> byText, String name, String raw) {
        String text = raw.startsWith("\uFEFF") ? raw.substring(1) : raw;
        text = text.replace("\r\n", "\n");
        if (!text.endsWith("\n")) {
            text = text + "\n";
        }
        long nonBlank = text.lines().filter(l -> !l.isBlank()).count();
        boolean markers = text.lines().anyMatch(l -> l.matches("^\\s*([-<]{3,} ?SEARCH|={3,}|[+>]{3,} ?REPLACE).*"));
        if (nonBlank >= 3 && !markers && !text.contains("\0")) {
            byText.putIfAbsent(text, new Source(name, text));
        }
    }

    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    List<Source> list() {
        return new ArrayList<>(sources);
    }
}
