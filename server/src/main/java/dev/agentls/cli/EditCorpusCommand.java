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
 * folders (a JSON file may be named directly too), each entry through a real file in a temp workspace
 * ({@link CorpusFormats}); a folder's README.md may exclude entries ({@link CorpusExclusions}), each printed as
 * EXCLUDED. Prints the failures, then {@code N passed, N failed, N skipped}; exits 1 when anything failed, 2 when the
 * corpus cannot be read. With {@code --stages} first, prints what each matching stage adds instead
 * ({@link StageContribution}).
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
    public CommandHelp help() {
        return new CommandHelp("usage: agentls edit-corpus [--stages] FOLDER...", "Checks the edit engines against"
                + " folders of edit-corpus JSON files.", List.of(new CommandHelp.Option("--stages", "", "off",
                "measure what each matching stage adds (first argument)")));
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        boolean stages = args.length > 0 && args[0].equals("--stages");
        int first = stages ? 1 : 0;
        if (args.length == first) {
            throw new UsageException("give one or more folders of edit-corpus JSON files (--stages first to measure"
                    + " what each matching stage adds)");
        }
        List<CorpusEntry> entries = new ArrayList<>();
        List<CorpusExclusions.Exclusion> excluded = new ArrayList<>();
        for (int i = first; i < args.length; i++) {
            try {
                Path arg = Path.of(args[i]);
                CorpusExclusions exclusions = Files.isDirectory(arg) ? CorpusExclusions.of(arg)
                        : CorpusExclusions.none();
                List<CorpusEntry> read = new ArrayList<>();
                for (Path file : jsonFiles(arg)) {
                    read.addAll(read(file));
                }
                for (CorpusExclusions.Exclusion x : exclusions.all()) {
                    if (read.stream().noneMatch(e -> e.id().equals(x.id()))) {
                        throw new IllegalArgumentException(arg.resolve("README.md") + " excludes " + x.id()
                                + ", which no entry of " + arg + " has");
                    }
                    excluded.add(x);
                }
                read.stream().filter(e -> !exclusions.excludes(e.id())).forEach(entries::add);
            } catch (IOException | IllegalArgumentException e) {
                err.println("agentls edit-corpus: " + ShownArgument.redactKeys(String.valueOf(e.getMessage())));
                return 2;
            }
        }
        for (CorpusExclusions.Exclusion x : excluded) {
            out.println("EXCLUDED " + x.id() + ": " + x.kind() + " per the corpus README: " + x.reason());
        }
        if (stages) {
            new StageContribution(new CorpusDivergences()).report(entries, out);
            return 0;
        }
        CorpusChecker checker = new CorpusChecker(new CorpusFormats(), new CorpusDivergences());
        CorpusChecker.Tally tally = checker.check(entries, out);
        if (!excluded.isEmpty()) {
            out.println(excluded.size() + " excluded by the corpus README");
        }
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
