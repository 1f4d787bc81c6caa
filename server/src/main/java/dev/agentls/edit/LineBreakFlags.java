package dev.agentls.edit;

import java.util.Arrays;

/**
 * Which lines of a {@link Document}'s text end in {@code \r\n} in the bytes, kept line for line as splices go in, and
 * the break a written line takes (the file's dominant one). Only a text that held a {@code \r} has flags; without one
 * every break is {@code \n} and nothing is kept.
 */
final class LineBreakFlags {

    private boolean[] crlf;
    private final boolean dominantCrlf;

    LineBreakFlags(boolean[] crlf, boolean dominantCrlf) {
        this.crlf = crlf;
        this.dominantCrlf = dominantCrlf;
    }

    /** No {@code \r} anywhere: every line ends in {@code \n}. */
    static LineBreakFlags allNewlines() {
        return new LineBreakFlags(null, false);
    }

    boolean any() {
        return crlf != null;
    }

    boolean crlf(int line) {
        return crlf != null && line < crlf.length && crlf[line];
    }

    boolean dominantCrlf() {
        return dominantCrlf;
    }

    /**
     * After {@code oldLines} lines from line {@code la} were replaced by {@code newLines}: the written lines take the
     * dominant break, except a last line that kept the tail of an old line ({@code keepsTail}), which keeps its break.
     */
    void spliced(int la, int oldLines, int newLines, boolean keepsTail) {
        if (crlf == null) {
            return;
        }
        boolean[] flags = new boolean[crlf.length - oldLines + newLines];
        System.arraycopy(crlf, 0, flags, 0, la);
        Arrays.fill(flags, la, la + newLines, dominantCrlf);
        if (keepsTail && newLines > 0 && oldLines > 0) {
            flags[la + newLines - 1] = crlf[la + oldLines - 1];
        }
        System.arraycopy(crlf, la + oldLines, flags, la + newLines, crlf.length - la - oldLines);
        crlf = flags;
    }
}
