package dev.agentls.cli;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import dev.agentls.host.FileChange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An applied change as the live view shows it: a unified diff with one line of context, at most {@link #MAX_LINES}
 * lines per file (the rest counted), added lines green and removed lines red when the terminal shows colour.
 */
final class DiffLines {

    static final int MAX_LINES = 40;
    private static final String GREEN = "\033[32m";
    private static final String RED = "\033[31m";
    private static final String CYAN = "\033[36m";
    private static final String RESET = "\033[0m";

    private final Path root;
    private final boolean colour;

    /** @param root the workspace, so paths show as the model named them */
    DiffLines(Path root, boolean colour) {
        this.root = root;
        this.colour = colour;
    }

    List<String> lines(FileChange change) {
        String name = shown(change.path());
        List<String> diff;
        if (change instanceof FileChange.Modify modify) {
            diff = unified(name, modify.oldText(), modify.newText());
        } else if (change instanceof FileChange.Create create) {
            diff = unified(name, "", create.text());
        } else if (change instanceof FileChange.Delete) {
            return List.of(paint("deleted " + name, RED));
        } else {
            return List.of("wrote " + name + " (binary)");
        }
        List<String> shown = new ArrayList<>();
        for (String line : diff.subList(0, Math.min(diff.size(), MAX_LINES))) {
            shown.add(line.startsWith("+++") || line.startsWith("---") || line.startsWith("@@") ? paint(line, CYAN)
                    : line.startsWith("+") ? paint(line, GREEN) : line.startsWith("-") ? paint(line, RED) : line);
        }
        if (diff.size() > MAX_LINES) {
            shown.add("... " + (diff.size() - MAX_LINES) + " more diff line(s)");
        }
        return shown;
    }

    private static List<String> unified(String name, String before, String after) {
        List<String> from = before.isEmpty() ? List.of() : before.lines().toList();
        List<String> to = after.lines().toList();
        return UnifiedDiffUtils.generateUnifiedDiff(before.isEmpty() ? "/dev/null" : "a/" + name, "b/" + name, from,
                DiffUtils.diff(from, to), 1);
    }

    private String shown(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path base = root.toAbsolutePath().normalize();
        return (absolute.startsWith(base) ? base.relativize(absolute) : absolute).toString().replace('\\', '/');
    }

    private String paint(String line, String code) {
        return colour ? code + line + RESET : line;
    }
}
