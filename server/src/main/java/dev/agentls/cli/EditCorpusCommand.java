package dev.agentls.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code agentls edit-corpus DIR...}: checks the edit engines against every {@code *.json} edit-corpus file in the
 * folders (a JSON file may be named directly too). Prints the failures, then {@code N passed, N failed, N skipped};
 * exits 1 when anything failed, 2 when the corpus cannot be read.
 */
final class EditCorpusCommand implements Subcommand {

    private final ObjectMapper json = new ObjectMapper();

    @Override
    public String name() {
        return "edit-corpus";
    }

    @Override
    public String summary() {
        return "check the edit engines against edit-corpus JSON folders";
    }

    @Override
    public boolean hidden() {
        return true;
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        if (args.length == 0) {
            throw new UsageException("give one or more folders of edit-corpus JSON files");
        }
        List<CorpusEntry> entries = new ArrayList<>();
        for (String arg : args) {
            try {
                for (Path file : jsonFiles(Path.of(arg))) {
                    entries.addAll(read(file));
                }
            } catch (IOException | IllegalArgumentException e) {
                err.println("agentls edit-corpus: " + ShownArgument.redactKeys(String.valueOf(e.getMessage())));
                return 2;
            }
        }
        CorpusChecker checker = new CorpusChecker(new CorpusFormats(), new CorpusDivergences());
        CorpusChecker.Tally tally = checker.check(entries, out);
        out.println(tally.line());
        return tally.failed() > 0 ? 1 : 0;
    }

    private static List<Path> jsonFiles(Path arg) throws IOException {
        if (Files.isRegularFile(arg)) {
            return List.of(arg);
        }
        if (!Files.isDirectory(arg)) {
            throw new IllegalArgumentException(arg + " is not a folder or a file");
        }
        try (Stream<Path> s = Files.list(arg)) {
            List<Path> files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
            if (files.isEmpty()) {
                throw new IllegalArgumentException(arg + " holds no .json file");
            }
            return files;
        }
    }

    List<CorpusEntry> read(Path file) throws IOException {
        JsonNode root = json.readTree(file.toFile());
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(file + ": not a JSON array of entries");
        }
        List<CorpusEntry> entries = new ArrayList<>();
        for (JsonNode n : root) {
            entries.add(entry(file, n));
        }
        return entries;
    }

    private static CorpusEntry entry(Path file, JsonNode n) {
        String id = text(file, n, "id", "?");
        List<String> facts = new ArrayList<>();
        JsonNode mention = n.get("error_must_mention");
        if (mention != null && mention.isArray()) {
            mention.forEach(m -> facts.add(m.asText()));
        } else if (mention != null && mention.isTextual()) {
            facts.add(mention.asText());
        }
        JsonNode expected = n.get("expected");
        JsonNode path = n.get("path");
        return new CorpusEntry(id, text(file, n, "format", id), text(file, n, "original", id), text(file, n, "edit", id),
                expected == null || expected.isNull() ? Optional.empty() : Optional.of(expected.asText()),
                n.path("expect_error").asBoolean(false),
                path == null || path.isNull() ? Optional.empty() : Optional.of(path.asText()), facts);
    }

    private static String text(Path file, JsonNode n, String field, String id) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException(file + ": entry " + id + " has no text field '" + field + "'");
        }
        return v.asText();
    }
}
