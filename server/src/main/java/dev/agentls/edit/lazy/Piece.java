package dev.agentls.edit.lazy;

/**
 * One line of the merged text: file line {@code o} kept as it is ({@code e} is the edit line standing on it, or
 * -1 under a marker), or edit line {@code e} written new ({@code o} is -1, or the file line it replaces).
 */
record Piece(int e, int o, boolean replace) {

    static Piece kept(int o) {
        return new Piece(-1, o, false);
    }

    static Piece added(int e) {
        return new Piece(e, -1, false);
    }

    boolean isNew() {
        return o < 0 || replace;
    }
}
