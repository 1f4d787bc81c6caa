package dev.agentls.lsp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an edit changed in one file's diagnostics, as the model reads it: the new errors and warnings with their
 * lines and text (at most {@link #SHOWN}), and how many went away. Diagnostics are matched by severity, server and
 * text, not line, since an edit moves the lines below it.
 */
final class DiagnosticsDelta {

    static final int SHOWN = 20;

    private DiagnosticsDelta() {}

    /** The delta's text for {@code file}, or empty when nothing changed. */
    static Optional<String> describe(String file, Optional<EditorDiagnostics.Report> before,
                                     EditorDiagnostics.Report after) {
        List<EditorDiagnostics.Item> old = before.map(EditorDiagnostics.Report::items).orElse(List.of());
        Map<String, Integer> remaining = new HashMap<>();
        old.forEach(item -> remaining.merge(key(item), 1, Integer::sum));
        List<EditorDiagnostics.Item> added = new ArrayList<>();
        for (EditorDiagnostics.Item item : after.items()) {
            Integer count = remaining.get(key(item));
            if (count != null && count > 0) {
                remaining.put(key(item), count - 1);
            } else {
                added.add(item);
            }
        }
        int resolved = remaining.values().stream().mapToInt(Integer::intValue).sum();
        if (added.isEmpty() && resolved == 0) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder("Editor diagnostics for " + file + " after this edit: ");
        text.append(added.size()).append(" new, ").append(resolved)
                .append(" resolved");
        if (after.reported() > after.items().size()) {
            text.append(" (the editor reported ").append(after.reported()).append("; the first ")
                    .append(after.items().size()).append(" were compared)");
        }
        text.append('.');
        added.stream().limit(SHOWN).forEach(item -> text.append("\n  line ").append(item.line() + 1).append(' ')
                .append(item.severity() == 1 ? "error" : "warning").append(": ").append(oneLine(item.message()))
                .append(item.source().isEmpty() ? "" : " (" + item.source() + ")"));
        if (added.size() > SHOWN) {
            text.append("\n  ... and ").append(added.size() - SHOWN).append(" more new");
        }
        return Optional.of(text.toString());
    }

    private static String key(EditorDiagnostics.Item item) {
        return item.severity() + "\u0000" + item.source() + "\u0000" + item.message();
    }

    private static String oneLine(String message) {
        String line = message.replace('\n', ' ');
        return line.length() <= 300 ? line : line.substring(0, 300) + "…";
    }
}
