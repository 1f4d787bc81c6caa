package dev.agentls.edit.lazy;

/**
 * Edit line {@code e} stands at file line {@code o} (both 0-based). A {@code replace} anchor pairs lines whose text
 * differs (a definition matched by name whose header changed): the edit's line replaces the file's.
 */
record Anchor(int e, int o, boolean replace, int weight) {

    /** The edges of the texts: before the first lines, after the last ones. */
    static Anchor virtual(int e, int o) {
        return new Anchor(e, o, false, 0);
    }

    boolean virtual() {
        return weight == 0;
    }
}
