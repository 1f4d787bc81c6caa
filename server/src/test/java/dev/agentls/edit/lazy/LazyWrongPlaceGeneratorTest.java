package dev.agentls.edit.lazy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.edit.EditOutcome;
import dev.agentls.syntax.SyntaxParser;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The lazy half of issue 9's wrong-place generator: seeded lazy edits with realistic noise over every text file of
 * {@code test-workspaces/} and the originals of {@code ../shared/edit-corpus} and {@code ../shared/real-model-edits}
 * (read at test time when present). Each case knows the text it must produce; the merger must produce exactly that
 * or refuse, never anything else. Counts per noise class are printed; wrong must be 0 in every class.
 */
@Tag("slow")
class LazyWrongPlaceGeneratorTest {

    /** Fixed by default so a failure reproduces; {@code -Dagentls.lazySeed=N} explores other sequences. */
    private static final long SEED = Long.getLong("agentls.lazySeed", 20261124L);
    private static final int MIN_CASES = 3_000;
    private static final int ROUNDS = 4;

    private final LazyMerger merger = new LazyMerger(new SyntaxParser());

    @Test
    void everyGeneratedLazyEditAppliesAsIntendedOrIsRefusedNeverElsewhere() throws IOException {
        Map<String, String> files = sources();
        LazyEditCases generator = new LazyEditCases(SEED);
        Map<LazyEditCases.Noise, int[]> counts = new EnumMap<>(LazyEditCases.Noise.class);
        List<String> wrong = new ArrayList<>();
        List<String> knownWrong = new ArrayList<>();
        int[] unknownWrong = new int[LazyEditCases.Noise.values().length];
        java.util.Set<String> knownSeen = new java.util.HashSet<>();
        int total = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (Map.Entry<String, String> file : files.entrySet()) {
                for (LazyEditCases.Noise noise : LazyEditCases.Noise.values()) {
                    LazyEditCases.Case c = generator.make(noise, file.getKey(), file.getValue());
                    if (c == null) {
                        continue;
                    }
                    total++;
                    int[] row = counts.computeIfAbsent(noise, n -> new int[3]);
                    EditOutcome outcome = merger.merge(c.fileName(), c.original(), c.edit());
                    if (outcome instanceof EditOutcome.Refused) {
                        row[1]++;
                    } else if (((EditOutcome.Applied) outcome).newText().equals(c.intended())) {
                        row[0]++;
                    } else if (KNOWN_WRONG.contains(key(c))) {
                        row[2]++;
                        knownSeen.add(key(c));
                        knownWrong.add(describe(c, ((EditOutcome.Applied) outcome).newText()));
                    } else {
                        row[2]++;
                        unknownWrong[noise.ordinal()]++;
                        if (wrong.size() < 5) {
                            wrong.add(describe(c, ((EditOutcome.Applied) outcome).newText()));
                        }
                    }
                }
            }
        }
        System.out.println(table(counts, total, files.size()));
        wrong.forEach(System.out::println);
        System.out.println(knownWrong.size() + " of the wrong above are KNOWN WRONG (open defects, listed in KNOWN_WRONG); any other fails:");
        knownWrong.forEach(System.out::println);
        java.util.Set<String> fixed = new java.util.TreeSet<>(KNOWN_WRONG);
        fixed.removeAll(knownSeen);
        assertTrue(fixed.isEmpty(), "known-wrong cases no longer applied wrongly (fixed, or the case changed): "
                + "remove them from KNOWN_WRONG: " + fixed);
        assertTrue(total >= MIN_CASES, "only " + total + " cases from " + files.size() + " files");
        for (LazyEditCases.Noise noise : LazyEditCases.Noise.values()) {
            assertEquals(0, unknownWrong[noise.ordinal()], "wrong applications with noise " + noise + "\n"
                    + String.join("\n", wrong));
        }
    }

    /**
     * Open defects of the lazy merge, each a case this seed over this tree applies in a wrong place; they are printed
     * as KNOWN WRONG, and any other wrong application fails the test, as does a listed case that no longer goes
     * wrong. None is open. Fixed since: a method header the file holds twice, shown without its class (now never
     * matched by name); a docstring's closing quotes read as its first line changed beside its own closing line (now
     * refused as two readings); a window between markers made only of comment lines the file holds (astropy's
     * sky_coordinate.py: nothing anchors comments, so it floated after the window before it; now refused naming the
     * file's line). Add an entry only with the note of the session that found it; fix the engine, then remove it.
     */
    private static final java.util.Set<String> KNOWN_WRONG = java.util.Set.of();

    private static String key(LazyEditCases.Case c) {
        return c.noise() + " " + c.fileName() + " (" + c.description() + ")";
    }

    private static String table(Map<LazyEditCases.Noise, int[]> counts, int total, int files) {
        StringBuilder b = new StringBuilder("lazy wrong-place generator, seed " + SEED + ": " + total + " cases from "
                + files + " files\n| noise | cases | applied right | refused | wrong |\n|---|---|---|---|---|\n");
        int[] sum = new int[3];
        counts.forEach((noise, row) -> {
            b.append("| ").append(noise.name().toLowerCase().replace('_', ' ')).append(" | ")
                    .append(row[0] + row[1] + row[2]).append(" | ").append(row[0]).append(" | ").append(row[1])
                    .append(" | ").append(row[2]).append(" |\n");
            for (int i = 0; i < 3; i++) {
                sum[i] += row[i];
            }
        });
        return b.append("| all | ").append(total).append(" | ").append(sum[0]).append(" | ").append(sum[1])
                .append(" | ").append(sum[2]).append(" |").toString();
    }

    private static String describe(LazyEditCases.Case c, String got) {
        return "WRONG " + c.noise() + " on " + c.fileName() + " (" + c.description() + ")\n--- edit\n" + c.edit()
                + "--- diff (intended / got)\n" + firstDifference(c.intended(), got);
    }

    private static String firstDifference(String intended, String got) {
        String[] a = intended.split("\n", -1);
        String[] b = got.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "<end>";
            String y = i < b.length ? b[i] : "<end>";
            if (!x.equals(y)) {
                StringBuilder out = new StringBuilder();
                for (int k = Math.max(0, i - 2); k < Math.min(Math.max(a.length, b.length), i + 4); k++) {
                    out.append(k + 1).append(": ").append(k < a.length ? a[k] : "<end>").append("  |  ")
                            .append(k < b.length ? b[k] : "<end>").append('\n');
                }
                return out.toString();
            }
        }
        return "(texts differ only in line endings)\n";
    }

    /** Path-like name to text: the repository's test workspaces, then the shared corpora's distinct originals. */
    private static Map<String, String> sources() throws IOException {
        Path root = Path.of(System.getProperty("agentls.repoRoot", "."));
        Map<String, String> files = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(root.resolve("test-workspaces"))) {
            for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                String text = readText(p);
                if (text != null) {
                    files.put(root.relativize(p).toString(), text);
                }
            }
        }
        Path shared = root.resolve("..").resolve("shared").normalize();
        List<Path> corpora = List.of(shared.resolve("edit-corpus/aider.json"), shared.resolve("edit-corpus/cline.json"),
                shared.resolve("edit-corpus/continue.json"), shared.resolve("real-model-edits/search_replace.json"));
        for (Path corpus : corpora) {
            if (!Files.isRegularFile(corpus)) {
                continue;
            }
            for (JsonNode entry : new ObjectMapper().readTree(corpus.toFile())) {
                String original = entry.path("original").asText("");
                if (original.isEmpty() || original.indexOf('\0') >= 0 || files.containsValue(original)) {
                    continue;
                }
                String path = entry.hasNonNull("path") ? entry.get("path").asText() : "original.txt";
                files.put(corpus.getFileName() + ":" + entry.path("id").asText() + ":" + path, stripBom(original));
            }
        }
        return files;
    }

    private static String readText(Path p) throws IOException {
        byte[] bytes = Files.readAllBytes(p);
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
            return text.indexOf('\0') >= 0 ? null : stripBom(text);
        } catch (CharacterCodingException notText) {
            return null;
        }
    }

    /** The workspace layer keeps a BOM aside; the merger sees text without it. */
    private static String stripBom(String text) {
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }
}
