package dev.agentls.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The entries a corpus folder's own README.md drops from its bar: rows {@code | `id` | doubtful | reason |} or
 * {@code | `id` | policy | reason |} of its table (../shared/real-model-edits/README.md, "Excluded from the bar").
 * Read at run time, so the checker drops exactly the ids the corpus's authors list, no more; a listed id that is not
 * in the corpus is an error, since the table and the data disagree.
 */
final class CorpusExclusions {

    /** An excluded entry: {@code doubtful} or {@code policy}, and the README's reason. */
    record Exclusion(String id, String kind, String reason) {}

    private static final Pattern ROW =
            Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|\\s*(doubtful|policy)\\s*\\|\\s*(.*?)\\s*\\|\\s*$");

    private final Map<String, Exclusion> byId;

    private CorpusExclusions(Map<String, Exclusion> byId) {
        this.byId = byId;
    }

    static CorpusExclusions none() {
        return new CorpusExclusions(Map.of());
    }

    /** The exclusions of {@code folder/README.md}; none when the folder has no README or the README no such rows. */
    static CorpusExclusions of(Path folder) throws IOException {
        Path readme = folder.resolve("README.md");
        Map<String, Exclusion> byId = new LinkedHashMap<>();
        if (Files.isDirectory(folder) && Files.isRegularFile(readme)) {
            for (String line : Files.readAllLines(readme)) {
                Matcher m = ROW.matcher(line);
                if (m.matches()) {
                    byId.put(m.group(1), new Exclusion(m.group(1), m.group(2), m.group(3)));
                }
            }
        }
        return new CorpusExclusions(byId);
    }

    boolean excludes(String id) {
        return byId.containsKey(id);
    }

    Collection<Exclusion> all() {
        return byId.values();
    }
}
