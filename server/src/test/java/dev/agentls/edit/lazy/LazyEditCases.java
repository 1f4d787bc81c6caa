package dev.agentls.edit.lazy;

import dev.agentls.syntax.CommentSyntax;
import dev.agentls.syntax.FileLanguage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * Makes lazy edits of real files, each knowing the text it must produce: a change at a chosen line (a literal or a
 * name changed, a token added, a line inserted or deleted), the changed lines written with a few lines of context
 * and {@code ... existing code ...} markers around them, then one kind of transcription noise that a model adds.
 * Seeded: the same seed gives the same cases.
 */
final class LazyEditCases {

    /** The noise a case carries; each is counted on its own. */
    enum Noise {
        CLEAN, INDENT_SHIFTED, TABS_FOR_SPACES, TRAILING_WHITESPACE, CRLF, BLANK_LINE_ADDED, BLANK_LINE_REMOVED,
        COMMENT_REWORDED, LINE_DROPPED_AT_MARKER, LINE_DROPPED_INSIDE, ALREADY_APPLIED, NO_LEADING_MARKER,
        NO_TRAILING_MARKER, NO_MARKERS, MARKER_BETWEEN_TWO_CHANGES, CHANGED_FIRST_LINES_THEN_MARKER
    }

    /** One generated edit: apply {@code edit} to {@code original} of {@code fileName}; {@code intended} is right. */
    record Case(Noise noise, String fileName, String original, String edit, String intended, String description) {}

    private static final String[] MARKER_WORDS = {"... existing code ...", "... rest of the code ...",
        "existing code...", "... keep existing code ...", "(existing code)"};
    private final Random random;

    private final LazyEditChanges changes;

    LazyEditCases(long seed) {
        random = new Random(seed);
        changes = new LazyEditChanges(random);
    }

    /** A case of this noise on this file, or null when the file offers no place for it. */
    Case make(Noise noise, String fileName, String text) {
        Lines file = Lines.of(text);
        List<Integer> code = file.codeLines();
        if (code.size() < 6) {
            return null;
        }
        CommentSyntax comments = FileLanguage.forFileName(fileName).comments();
        for (int attempt = 0; attempt < 8; attempt++) {
            Case c = tryMake(noise, fileName, text, file, code, comments);
            if (c != null) {
                return c;
            }
        }
        return null;
    }

    private Case tryMake(Noise noise, String fileName, String text, Lines file, List<Integer> code,
            CommentSyntax comments) {
        int site = code.get(random.nextInt(code.size()));
        boolean firstLines = noise == Noise.CHANGED_FIRST_LINES_THEN_MARKER;
        if (firstLines) {
            site = code.get(0);
        }
        LazyEditChanges.Change change = firstLines ? changes.modify(file, site, false) : changes.change(file, site);
        if (change == null) {
            return null;
        }
        Lines result = change.result();
        // The window of the result the edit shows: the changed lines with context around them.
        int before = firstLines ? 0 : 1 + random.nextInt(3);
        int after = firstLines ? 0 : 1 + random.nextInt(3);
        int from = Math.max(0, change.first() - before);
        int to = Math.min(result.size(), change.last() + 1 + after);
        boolean leading = true;
        boolean trailing = true;
        switch (noise) {
            case NO_LEADING_MARKER, CHANGED_FIRST_LINES_THEN_MARKER -> {
                from = 0;
                leading = false;
            }
            case NO_TRAILING_MARKER -> {
                to = result.size();
                trailing = false;
            }
            case NO_MARKERS -> {
                from = 0;
                to = result.size();
                leading = false;
                trailing = false;
            }
            default -> { }
        }
        if (to - from > 400 || (firstLines && change.first() != 0)) {
            return null;
        }
        List<String> shown = new ArrayList<>(result.contents().subList(from, to));
        String marker = marker(comments, result, from, to);
        if (marker == null) {
            return null;
        }
        String original = text;
        String intended = result.text();
        String description = change.description() + ", lines " + (from + 1) + "-" + to + " shown";
        if (noise == Noise.MARKER_BETWEEN_TWO_CHANGES) {
            return twoChanges(fileName, text, file, change, marker, comments);
        }
        if (noise == Noise.ALREADY_APPLIED) {
            original = intended;
        }
        Noisy noisy = addNoise(noise, shown, from, change.first() - from, change.last() - from, comments);
        if (noisy == null || !neighboursHold(change, noisy, from, leading, trailing)) {
            return null;
        }
        if (noisy.intendedChange() != null) {
            intended = noisy.intendedChange().apply(result).text();
        }
        StringBuilder edit = new StringBuilder();
        if (leading) {
            edit.append(marker).append('\n');
        }
        for (String line : noisy.lines()) {
            edit.append(line).append('\n');
        }
        if (trailing) {
            edit.append(marker).append('\n');
        }
        String editText = noise == Noise.CRLF ? edit.toString().replace("\n", "\r\n") : edit.toString();
        return new Case(noise, fileName, original, editText, intended, description + ", " + noisy.what());
    }

    /**
     * Whether a change that needs shown code lines on both sides still has them after the noise (or has the edge of
     * the file there, with no marker).
     */
    private static boolean neighboursHold(LazyEditChanges.Change change, Noisy noisy, int from, boolean leading, boolean trailing) {
        if (!change.needsNeighbours()) {
            return true;
        }
        int first = change.first() - from;
        int last = change.last() - from;
        if (noisy.removedAt() >= 0 && noisy.removedAt() < first) {
            first--;
            last--;
        } else if (noisy.addedAt() >= 0 && noisy.addedAt() < first) {
            first++;
            last++;
        }
        List<String> lines = noisy.lines();
        boolean before = !leading;
        for (int i = 0; i < Math.min(first, lines.size()); i++) {
            before |= !lines.get(i).isBlank();
        }
        boolean after = !trailing;
        for (int i = Math.max(0, last + 1); i < lines.size(); i++) {
            after |= !lines.get(i).isBlank();
        }
        return before && after;
    }

    /** Two changes far apart, each with context, a marker between them. */
    private Case twoChanges(String fileName, String text, Lines file, LazyEditChanges.Change first, String marker,
            CommentSyntax comments) {
        Lines once = first.result();
        List<Integer> later = new ArrayList<>();
        for (int o : once.codeLines()) {
            if (o > first.last() + 8) {
                later.add(o);
            }
        }
        if (later.isEmpty()) {
            return null;
        }
        LazyEditChanges.Change second = changes.change(once, later.get(random.nextInt(later.size())));
        if (second == null || second.first() <= first.last() + 6) {
            return null;
        }
        Lines result = second.result();
        int aFrom = Math.max(0, first.first() - 2);
        int aTo = first.last() + 3;
        int bFrom = second.first() - 2;
        int bTo = Math.min(result.size(), second.last() + 3);
        // Each window holds a line found once in the file, as lazy rule 2 asks of an edit between markers: a window
        // of repeated lines only (CSS declarations) is placed by its brackets, which may close another block.
        if (aTo + 1 >= bFrom || !holdsUniqueLine(file, result, aFrom, aTo)
                || !holdsUniqueLine(file, result, bFrom, bTo)
                || !neighboursHold(first, new Noisy(result.contents().subList(aFrom, aTo), ""), aFrom, true, true)
                || !neighboursHold(second, new Noisy(result.contents().subList(bFrom, bTo), ""), bFrom, true, true)) {
            return null;
        }
        StringBuilder edit = new StringBuilder(marker).append('\n');
        result.contents().subList(aFrom, aTo).forEach(l -> edit.append(l).append('\n'));
        edit.append(marker(comments, result, aTo, bFrom)).append('\n');
        result.contents().subList(bFrom, bTo).forEach(l -> edit.append(l).append('\n'));
        edit.append(marker).append('\n');
        if (blockCrossesMarker(edit.toString(), comments)) {
            return null;
        }
        return new Case(Noise.MARKER_BETWEEN_TWO_CHANGES, fileName, text, edit.toString(), result.text(),
                first.description() + "; then " + second.description());
    }

    /** Whether lines {@code [from, to)} of the result hold one found exactly once in the original file. */
    /**
     * Whether an opening line of the edit finds its closing line (by indentation, lazy rule 2) past a marker: then the
     * edit as written puts the second window inside the first one's block, whatever the file says.
     */
    private static boolean blockCrossesMarker(String editText, CommentSyntax comments) {
        EditModel edit = new EditModel(editText, new ElisionMarkers(comments));
        for (int e = 0; e < edit.size(); e++) {
            int closer = edit.code(e) && LineKeys.isOpener(edit.keys[e]) ? edit.closerOf(e) : -1;
            for (int k = e + 1; k < closer; k++) {
                if (edit.marker[k]) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean holdsUniqueLine(Lines original, Lines result, int from, int to) {
        java.util.Map<String, Integer> count = new java.util.HashMap<>();
        for (String line : original.contents()) {
            count.merge(LineKeys.key(line), 1, Integer::sum);
        }
        for (int i = from; i < to; i++) {
            String key = LineKeys.key(result.contents().get(i));
            if (!key.isEmpty() && count.getOrDefault(key, 0) == 1) {
                return true;
            }
        }
        return false;
    }

    /** Lines of the result {@code [first, last]} changed (last < first for a pure deletion before first). */
    /** The edit lines after noise, what was done, and the shown window as the result must then read, if changed. */
    private record Noisy(List<String> lines, String what, UnaryOperator<Lines> intendedChange, int removedAt,
            int addedAt) {
        Noisy(List<String> lines, String what) {
            this(lines, what, null, -1, -1);
        }
    }

    private Noisy addNoise(Noise noise, List<String> shown, int from, int changeFirst, int changeLast,
            CommentSyntax comments) {
        List<String> lines = new ArrayList<>(shown);
        int inner = Math.max(1, lines.size() - 2);
        switch (noise) {
            case INDENT_SHIFTED -> {
                String shift = " ".repeat(1 + random.nextInt(4) * 2);
                lines.replaceAll(l -> l.isBlank() ? l : shift + l);
                return new Noisy(lines, "indented by " + shift.length());
            }
            case TABS_FOR_SPACES -> {
                boolean tabs = lines.stream().anyMatch(l -> l.startsWith("\t"));
                lines.replaceAll(l -> tabs ? spacesFor(l) : tabsFor(l));
                return lines.equals(shown) ? null : new Noisy(lines, tabs ? "spaces for tabs" : "tabs for spaces");
            }
            case TRAILING_WHITESPACE -> {
                for (int i = 0; i < lines.size(); i++) {
                    if ((i < changeFirst || i > changeLast) && !lines.get(i).isBlank() && random.nextBoolean()) {
                        lines.set(i, lines.get(i) + (random.nextBoolean() ? "  " : "\t"));
                    }
                }
                return new Noisy(lines, "trailing whitespace");
            }
            case BLANK_LINE_ADDED, BLANK_LINE_REMOVED, LINE_DROPPED_INSIDE, COMMENT_REWORDED -> {
                return structural(noise, lines, from, changeFirst, changeLast, comments);
            }
            case LINE_DROPPED_AT_MARKER -> {
                int at = random.nextBoolean() ? 0 : lines.size() - 1;
                if (lines.size() < 3 || (at >= changeFirst && at <= changeLast) || changeFirst == 0 && at == 0
                        || changeLast >= lines.size() - 1 && at == lines.size() - 1) {
                    return null;
                }
                lines.remove(at);
                return new Noisy(lines, "context line next to a marker dropped", null, at, -1);
            }
            default -> {
                return new Noisy(lines, "no noise");
            }
        }
    }

    /** Noise that changes what the edit shows between anchors, which the result then shows too. */
    private Noisy structural(Noise noise, List<String> lines, int from, int changeFirst, int changeLast,
            CommentSyntax comments) {
        List<Integer> places = new ArrayList<>();
        for (int i = 1; i < lines.size() - 1; i++) {
            if (i >= changeFirst - 1 && i <= changeLast + 1) {
                continue;
            }
            String l = lines.get(i);
            if (!codeBetween(lines, 0, i) || !codeBetween(lines, i + 1, lines.size())
                    || LineKeys.key(l).equals(LineKeys.key(lines.get(i - 1)))
                    || LineKeys.key(l).equals(LineKeys.key(lines.get(i + 1)))) {
                continue;
            }
            boolean fits = switch (noise) {
                case BLANK_LINE_ADDED -> !l.isBlank();
                case BLANK_LINE_REMOVED -> l.isBlank();
                case LINE_DROPPED_INSIDE -> !l.isBlank() && !LazyEditChanges.structural(l);
                default -> comments.commentText(l.strip()) != null && l.strip().length() > 4;
            };
            if (fits) {
                places.add(i);
            }
        }
        if (places.isEmpty()) {
            return null;
        }
        int at = places.get(random.nextInt(places.size()));
        int line = from + at;
        return switch (noise) {
            case BLANK_LINE_ADDED -> {
                lines.add(at + 1, "");
                yield new Noisy(lines, "blank line added after shown line " + (at + 1),
                        r -> r.withInserted(line + 1, ""), -1, at + 1);
            }
            case BLANK_LINE_REMOVED, LINE_DROPPED_INSIDE -> {
                lines.remove(at);
                yield new Noisy(lines, "shown line " + (at + 1) + " dropped", r -> r.withDeleted(line), at, -1);
            }
            default -> {
                String reworded = lines.get(at).stripTrailing() + " (reworded note)";
                lines.set(at, reworded);
                yield new Noisy(lines, "comment at shown line " + (at + 1) + " reworded",
                        r -> r.withLine(line, reworded), -1, -1);
            }
        };
    }

    /** Whether a shown line in {@code [from, to)} holds code, so lines between markers stay anchored. */
    private static boolean codeBetween(List<String> lines, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!lines.get(i).isBlank()) {
                return true;
            }
        }
        return false;
    }

    private String marker(CommentSyntax comments, Lines result, int from, int to) {
        String words = MARKER_WORDS[random.nextInt(MARKER_WORDS.length)];
        String indent = random.nextBoolean() || from >= result.size() ? ""
                : leadingWhitespace(result.contents().get(Math.min(from, result.size() - 1)));
        if (!comments.linePrefixes().isEmpty()) {
            return indent + comments.linePrefixes().get(0) + " " + words;
        }
        if (!comments.blocks().isEmpty()) {
            CommentSyntax.Delimiters d = comments.blocks().get(0);
            return indent + d.open() + " " + words + " " + d.close();
        }
        return null;
    }

    private static String tabsFor(String line) {
        String ws = leadingWhitespace(line);
        return ws.replace("    ", "\t") + line.substring(ws.length());
    }

    private static String spacesFor(String line) {
        String ws = leadingWhitespace(line);
        return ws.replace("\t", "    ") + line.substring(ws.length());
    }

    static String leadingWhitespace(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return line.substring(0, i);
    }
}
