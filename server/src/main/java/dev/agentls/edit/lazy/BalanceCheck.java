package dev.agentls.edit.lazy;

import java.util.List;

/**
 * A last guard against misplaced code: when the edit's own code lines balance their braces, the lines the merge
 * adds and removes must balance too. A merge that would leave the file with an extra or a missing {@code }} has put
 * some line where the model did not mean it (a new block's closing line taken for an old one, say); it is refused,
 * naming the first new line that carries a brace. An edit that does not balance (its markers elide an open block)
 * is not judged. Braces in strings and comments count alike on both sides, so they cancel out.
 */
final class BalanceCheck {

    private BalanceCheck() {}

    static LazyEditFailure check(EditModel edit, FileModel file, List<Piece> pieces) {
        int editNet = 0;
        for (int e = 0; e < edit.size(); e++) {
            if (edit.code(e)) {
                editNet += net(edit.keys[e]);
            }
        }
        if (editNet != 0) {
            return null;
        }
        boolean[] survives = new boolean[file.size()];
        int delta = 0;
        int firstBraced = -1;
        for (Piece p : pieces) {
            if (p.isNew()) {
                int n = net(edit.keys[p.e()]);
                delta += n;
                if (firstBraced < 0 && n != 0) {
                    firstBraced = p.e();
                }
            } else {
                survives[p.o()] = true;
            }
        }
        for (int o = 0; o < file.size(); o++) {
            if (!survives[o]) {
                delta -= net(file.keys[o]);
            }
        }
        if (delta == 0 || firstBraced < 0) {
            return null;
        }
        return new LazyEditFailure.UnplaceableLine(firstBraced + 1, edit.lines.get(firstBraced),
                "placed this way the merge would leave the file with " + Math.abs(delta)
                        + (delta > 0 ? " unclosed `{`" : " extra `}`") + ", so some line would land in the wrong "
                        + "block; include the unchanged lines around the change so it anchors");
    }

    private static int net(String key) {
        int n = 0;
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '{') {
                n++;
            } else if (c == '}') {
                n--;
            }
        }
        return n;
    }
}
