package dev.agentls.edit;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Old text and new text to the few replacements that turn one into the other, in LSP positions of the old text:
 * first the common head and tail are set aside, then the lines between are diffed (java-diff-utils), then each
 * changed run of lines is diffed again by character so an edit touches only what changed. Texts that differ in too
 * many lines to diff quickly ({@link DiffBudget}) get one replacement of everything between the common head and
 * tail. Line breaks follow LSP ({@code \r\n}, {@code \n}, a lone {@code \r}); an edit boundary never falls inside
 * {@code \r\n} or a surrogate pair.
 */
public final class MinimalEdits {

    /** Changed runs larger than this (in characters, both sides) are replaced whole instead of diffed by character. */
    private static final int CHAR_DIFF_LIMIT = 4_000;
    private static final int TAIL_CHUNK = 1_024;

    private MinimalEdits() {}

    public static List<TextReplacement> between(String oldText, String newText) {
        List<TextReplacement> out = new ArrayList<>();
        if (oldText.equals(newText)) {
            return out;
        }
        char[] a = oldText.toCharArray();
        char[] b = newText.toCharArray();
        int head = Arrays.mismatch(a, b);
        head = lineStartAtOrBefore(oldText, head < 0 ? Math.min(a.length, b.length) : head);
        int tail = commonTail(a, b, head);
        int oldEnd = lineStartAtOrAfter(oldText, a.length - tail);
        int newEnd = b.length - (a.length - oldEnd);
        if (newEnd < head) {
            oldEnd = head;
            newEnd = head;
        }
        Positions pos = new Positions(oldText);
        List<String> oldLines = Tokens.lines(oldText, head, oldEnd);
        List<String> newLines = Tokens.lines(newText, head, newEnd);
        if (!DiffBudget.affordable(oldLines, newLines, DiffBudget.DEFAULT)) {
            out.add(replacement(pos, head, oldEnd, newText.substring(head, newEnd)));
            return out;
        }
        int[] oldOffsets = offsets(oldLines, head);
        int[] newOffsets = offsets(newLines, head);
        for (AbstractDelta<String> d : DiffUtils.diff(oldLines, newLines).getDeltas()) {
            int os = oldOffsets[d.getSource().getPosition()];
            int oe = oldOffsets[d.getSource().getPosition() + d.getSource().size()];
            int ns = newOffsets[d.getTarget().getPosition()];
            int ne = newOffsets[d.getTarget().getPosition() + d.getTarget().size()];
            refine(oldText, os, oe, newText, ns, ne, pos, out);
        }
        return out;
    }

    /** Applies replacements (ranges in {@code oldText}, not overlapping) and answers the new text. */
    public static String applyAll(String oldText, List<TextReplacement> edits) {
        Positions pos = new Positions(oldText);
        List<int[]> ranges = new ArrayList<>();
        for (int i = 0; i < edits.size(); i++) {
            TextReplacement e = edits.get(i);
            ranges.add(new int[] {pos.offset(e.startLine(), e.startCharacter()), pos.offset(e.endLine(), e.endCharacter()), i});
        }
        ranges.sort((x, y) -> x[0] != y[0] ? Integer.compare(x[0], y[0]) : Integer.compare(x[2], y[2]));
        StringBuilder sb = new StringBuilder(oldText.length() + 64);
        int at = 0;
        for (int[] r : ranges) {
            if (r[0] < at || r[1] < r[0]) {
                throw new IllegalArgumentException("edits overlap or run backwards at offset " + r[0]);
            }
            sb.append(oldText, at, r[0]).append(edits.get(r[2]).newText());
            at = r[1];
        }
        return sb.append(oldText, at, oldText.length()).toString();
    }

    private static void refine(String oldText, int os, int oe, String newText, int ns, int ne, Positions pos,
            List<TextReplacement> out) {
        if ((oe - os) + (ne - ns) > CHAR_DIFF_LIMIT) {
            out.add(replacement(pos, os, oe, newText.substring(ns, ne)));
            return;
        }
        List<String> x = Tokens.units(oldText, os, oe);
        List<String> y = Tokens.units(newText, ns, ne);
        int[] xo = offsets(x, os);
        int[] yo = offsets(y, ns);
        for (AbstractDelta<String> d : DiffUtils.diff(x, y).getDeltas()) {
            int s = xo[d.getSource().getPosition()];
            int e = xo[d.getSource().getPosition() + d.getSource().size()];
            int ts = yo[d.getTarget().getPosition()];
            int te = yo[d.getTarget().getPosition() + d.getTarget().size()];
            out.add(replacement(pos, s, e, newText.substring(ts, te)));
        }
    }

    private static TextReplacement replacement(Positions pos, int start, int end, String text) {
        int[] s = pos.position(start);
        int[] e = pos.position(end);
        return new TextReplacement(s[0], s[1], e[0], e[1], text);
    }

    private static int[] offsets(List<String> tokens, int base) {
        int[] o = new int[tokens.size() + 1];
        o[0] = base;
        for (int i = 0; i < tokens.size(); i++) {
            o[i + 1] = o[i] + tokens.get(i).length();
        }
        return o;
    }

    /** The length of the common tail not reaching into {@code head}, compared in vectorised chunks. */
    private static int commonTail(char[] a, char[] b, int head) {
        int max = Math.min(a.length, b.length) - head;
        int n = 0;
        while (n + TAIL_CHUNK <= max && Arrays.equals(a, a.length - n - TAIL_CHUNK, a.length - n,
                b, b.length - n - TAIL_CHUNK, b.length - n)) {
            n += TAIL_CHUNK;
        }
        while (n < max && a[a.length - 1 - n] == b[b.length - 1 - n]) {
            n++;
        }
        return n;
    }

    /** The start of the LSP line holding {@code offset} (a line start itself stays). */
    static int lineStartAtOrBefore(String t, int offset) {
        int i = offset;
        while (i > 0) {
            char c = t.charAt(i - 1);
            if (c == '\n' || (c == '\r' && (i >= t.length() || t.charAt(i) != '\n'))) {
                break;
            }
            i--;
        }
        return i;
    }

    /** The first LSP line start at or after {@code offset}, or the text's end. */
    static int lineStartAtOrAfter(String t, int offset) {
        int i = offset;
        while (i > 0 && i < t.length()) {
            char c = t.charAt(i - 1);
            if (c == '\n' || (c == '\r' && t.charAt(i) != '\n')) {
                break;
            }
            i++;
        }
        return i;
    }
}
