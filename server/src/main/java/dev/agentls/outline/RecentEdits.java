package dev.agentls.outline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The files changed most recently after the map's first build (by the user in the editor, by an earlier run's
 * edits), newest first, at most {@link #KEPT}: what the user is working on, which the map's ranking weighs next to
 * what the request points at. Thread-safe.
 */
final class RecentEdits {

    static final int KEPT = 10;

    private final LinkedHashSet<String> paths = new LinkedHashSet<>();

    synchronized void edited(String path) {
        paths.remove(path);
        paths.add(path);
        if (paths.size() > KEPT) {
            paths.remove(paths.iterator().next());
        }
    }

    synchronized void removed(String path) {
        paths.removeIf(p -> p.equals(path) || p.startsWith(path + "/"));
    }

    /** Forgets every file {@code kept} refuses (those of a workspace folder that was removed). */
    synchronized void retain(java.util.function.Predicate<String> kept) {
        paths.removeIf(kept.negate());
    }

    /** Newest first. */
    synchronized List<String> newestFirst() {
        List<String> out = new ArrayList<>(paths);
        java.util.Collections.reverse(out);
        return out;
    }
}
