package dev.agentls.session;

import dev.agentls.host.FileChange;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The last change a run of this session made to each file, so a run whose edit meets a change it did not see is told
 * which run made it (its number and prompt) when the file is as that run left it, rather than "the user".
 */
final class RunWrites {

    private static final int MAX_TITLE_CHARS = 60;

    private record LastWrite(String runId, String title, String text) {}

    private final Map<Path, LastWrite> last = new ConcurrentHashMap<>();

    /** Run {@code runId}, started with {@code prompt}, had {@code changes} applied. */
    void applied(String runId, String prompt, List<FileChange> changes) {
        String title = title(prompt);
        for (FileChange change : changes) {
            if (change instanceof FileChange.Modify modify) {
                last.put(modify.path(), new LastWrite(runId, title, modify.newText()));
            } else if (change instanceof FileChange.Create create) {
                last.put(create.path(), new LastWrite(runId, title, create.text()));
            } else {
                last.remove(change.path());
            }
        }
    }

    /** {@code run #2 ("Rename greet")} when a run other than {@code runId} left {@code path} as {@code text}. */
    Optional<String> writer(Path path, String text, String runId) {
        LastWrite write = last.get(path);
        if (write == null || write.runId().equals(runId) || !write.text().equals(text)) {
            return Optional.empty();
        }
        return Optional.of("run #" + write.runId() + " (\"" + write.title() + "\")");
    }

    private static String title(String prompt) {
        String line = prompt.strip().lines().findFirst().orElse("").strip();
        return line.length() <= MAX_TITLE_CHARS ? line : line.substring(0, MAX_TITLE_CHARS - 3) + "...";
    }
}
