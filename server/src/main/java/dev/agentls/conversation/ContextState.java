package dev.agentls.conversation;

import java.util.Set;
import java.util.TreeSet;

/**
 * The context decisions a conversation's requests repeat, by message id: tool results that hold a file a later
 * result holds anew ({@code superseded}, sent as a one-line reference), tool results cleared to fit the safe zone
 * ({@code cleared}, sent as their call's summary line) and messages of older turns left out ({@code dropped}). Kept
 * in the conversation and persisted with it, so a resumed conversation sends exactly what it would have sent, and
 * only ever grown, so a request's prefix changes only when a new decision is made.
 */
public record ContextState(Set<String> superseded, Set<String> cleared, Set<String> dropped) {

    public static final ContextState EMPTY = new ContextState(Set.of(), Set.of(), Set.of());

    public ContextState {
        superseded = Set.copyOf(superseded);
        cleared = Set.copyOf(cleared);
        dropped = Set.copyOf(dropped);
    }

    ContextState plus(Set<String> moreSuperseded, Set<String> moreCleared, Set<String> moreDropped) {
        return new ContextState(union(superseded, moreSuperseded), union(cleared, moreCleared),
                union(dropped, moreDropped));
    }

    /** The ids in a stable order (for the file, so saving twice writes the same bytes). */
    static TreeSet<String> sorted(Set<String> ids) {
        return new TreeSet<>(ids);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        if (b.isEmpty()) {
            return a;
        }
        Set<String> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }
}
