package dev.agentls.edit.lazy;

/**
 * Which edit lines belong to a new block: the lines indented under a line that does not occur in the file (a new
 * method's body, a new {@code if}), and that block's closing line. They are new code and never anchor, so a new
 * method's {@code return this;} and {@code }} cannot latch onto an old method's. A block holding an anchor is an
 * old block with a changed first line, and owns nothing; so is a block whose first line reads as a changed version
 * of a file line ({@code def main():} become {@code def main(verbose):}), whose body may be the old body, changed
 * or not, and must be able to replace it rather than stand beside it.
 */
final class Ownership {

    private Ownership() {}

    /**
     * A line that can head a block: ends in a bracket or a colon, or opens a tag. Deeper lines under anything else
     * (a string's continuation, a wrapped argument list) are not a block of their own.
     */
    private static boolean opensBlock(String key) {
        return LineKeys.isOpener(key) || key.endsWith(":") || key.startsWith("<") && !key.startsWith("</");
    }

    static boolean[] owned(EditModel edit, FileModel file, AnchorChain chain) {
        int n = edit.size();
        boolean[] owned = new boolean[n];
        for (int e = 0; e < n; e++) {
            if (!edit.code(e) || chain.anchored(e) || !opensBlock(edit.keys[e])
                    || !file.occurrences(edit.keys[e]).isEmpty() || file.hasChangedVersionOf(edit.keys[e])) {
                continue;
            }
            int last = e;
            boolean anchorInside = false;
            int k = e + 1;
            while (k < n) {
                if (edit.blank(k)) {
                    k++;
                    continue;
                }
                if (edit.marker[k] || edit.indent[k] <= edit.indent[e]) {
                    break;
                }
                anchorInside |= chain.anchored(k);
                last = k;
                k++;
            }
            if (k < n && edit.code(k) && edit.indent[k] == edit.indent[e] && LineKeys.isCloser(edit.keys[k])
                    && LineKeys.isOpener(edit.keys[e])) {
                anchorInside |= chain.anchored(k);
                last = k;
            }
            if (!anchorInside) {
                for (int i = e + 1; i <= last; i++) {
                    owned[i] = true;
                }
            }
        }
        return owned;
    }
}
