package dev.agentls.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The edit shapes the anchor (Cline's applier) was timed on, read at run time from {@code ../shared/edit-bench-shapes}
 * next to the repository (or the folder the system property {@code agentls.editBenchShapes} names): each shape's original, diff and expected
 * bytes, and the anchor's median for it as that folder's README states it. Never copied into the repository; absent
 * folder, absent shapes.
 */
final class AnchorShapes {

    /**
     * The name the shapes are applied under: they are a Java-like file, and a real call (replace_in_file, the edit
     * commands) always passes the file's path, so the engine knows its comment syntax (rule 10 forgives comments).
     */
    static final String FILE_NAME = "Generated.java";

    /** The five shapes, in the README's order: exact, line-trimmed, 20 exact blocks, block anchor, 20 trimmed. */
    static final String[] NAMES = {"i_exact_50k", "ii_trimmed_50k", "iii_20x_exact_10k", "iv_anchor_50k",
        "v_20x_trimmed_10k"};

    /** A README table row: | `shape` | what | 1.23 ms | */
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`([a-z0-9_]+)`\\s*\\|.*\\|\\s*([0-9]+(?:\\.[0-9]+)?)\\s*ms\\s*\\|\\s*$",
            Pattern.MULTILINE);

    record Shape(String name, String original, String diff, String expected) {}

    private AnchorShapes() {}

    /** The folder, when it exists. */
    static Optional<Path> folder() {
        String root = System.getProperty("agentls.repoRoot", ".");
        Path dir = Path.of(System.getProperty("agentls.editBenchShapes", root + "/../shared/edit-bench-shapes"));
        return Files.isDirectory(dir) ? Optional.of(dir.toAbsolutePath().normalize()) : Optional.empty();
    }

    static Shape load(Path folder, String name) {
        Path dir = folder.resolve(name);
        return new Shape(name, read(dir.resolve("original.txt")), read(dir.resolve("diff.txt")),
                read(dir.resolve("expected.txt")));
    }

    /** The anchor's median per shape, in ms, as the README's table gives it. */
    static Map<String, Double> anchorMedians(Path folder) {
        Map<String, Double> out = new LinkedHashMap<>();
        Matcher m = ROW.matcher(read(folder.resolve("README.md")));
        while (m.find()) {
            out.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        return out;
    }

    static OptionalDouble anchorMedian(Path folder, String name) {
        Double ms = anchorMedians(folder).get(name);
        return ms == null ? OptionalDouble.empty() : OptionalDouble.of(ms);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
