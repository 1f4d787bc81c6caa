package dev.agentls.edit.lazy;

import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The changes {@link LazyEditCases} makes to a real file, as a model would: a literal changed, a name renamed, a
 * token added, a line inserted at the depth of the code around it, a statement deleted. Lines that open or close a
 * block are never deleted or renamed alone.
 */
final class LazyEditChanges {

    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])\\d+(?![\\w.])");
    /** Words a model does not rename; renaming them is not an edit anyone makes. */
    private static final Set<String> KEYWORDS = Set.of("else", "return", "import", "from",
            "package", "class", "def", "function", "const", "public", "private", "protected", "static", "final",
            "void", "self", "this", "export", "default", "async", "await", "while", "elif", "with", "throw", "raise",
            "new", "type", "interface", "extends", "implements", "true", "false", "null", "none");
    private static final Pattern WORD = Pattern.compile("\\b[a-z][A-Za-z]{3,}\\b");

    private final Random random;

    LazyEditChanges(Random random) {
        this.random = random;
    }

    /**
     * {@code needsNeighbours}: a change that only reads as meant with shown code lines on both sides (a deletion, a
     * renamed name); next to a marker it would be indistinguishable from kept or new code (lazy rules 4 and 5).
     */
    record Change(Lines result, int first, int last, String description, boolean needsNeighbours) {}

    Change change(Lines file, int site) {
        return switch (random.nextInt(4)) {
            case 0 -> insert(file, site);
            case 1 -> delete(file, site);
            default -> modify(file, site, true);
        };
    }

    Change modify(Lines file, int site, boolean mayRename) {
        String line = file.contents().get(site);
        String changed = null;
        String what;
        Matcher number = NUMBER.matcher(line);
        Matcher word = WORD.matcher(line);
        boolean hasName = false;
        while (!hasName && word.find()) {
            hasName = !KEYWORDS.contains(word.group());
        }
        int kind = random.nextInt(3);
        if (kind == 0 && number.find()) {
            changed = line.substring(0, number.start()) + (Long.parseLong(number.group().length() > 12 ? "7"
                    : number.group()) + 1 + random.nextInt(9)) + line.substring(number.end());
            what = "literal changed";
        } else if (kind <= 1 && mayRename && hasName && !structural(line)) {
            changed = line.substring(0, word.start()) + word.group() + "Renamed" + line.substring(word.end());
            what = "name changed";
        } else {
            int end = line.stripTrailing().length();
            String tail = line.substring(0, end);
            char last = end > 0 ? tail.charAt(end - 1) : ' ';
            changed = ";{,:(".indexOf(last) >= 0 ? tail.substring(0, end - 1) + " extraToken" + last
                    : tail + " extraToken";
            what = "token added";
        }
        boolean renamed = what.equals("name changed");
        // Any other change must be a changed version as lazy rule 5 defines it, or it reads as a new line.
        if (!renamed && !Similarity.changedVersion(LineKeys.key(changed), LineKeys.key(line), false)) {
            return null;
        }
        return new Change(file.withLine(site, changed), site, site, what + " at line " + (site + 1), renamed);
    }

    private Change insert(Lines file, int site) {
        // At the depth of the line it goes before when that is deeper (the first statement of a block), else at
        // the depth of the line it follows, as a model writes it.
        String indent = leadingWhitespace(file.contents().get(site));
        for (int k = site + 1; k < file.size(); k++) {
            if (!file.contents().get(k).isBlank()) {
                String next = leadingWhitespace(file.contents().get(k));
                indent = LineKeys.indent(next) > LineKeys.indent(indent) ? next : indent;
                break;
            }
        }
        return new Change(file.withInserted(site + 1, indent + "insertedCall" + random.nextInt(1000) + "(value);"),
                site + 1, site + 1, "line inserted after " + (site + 1), false);
    }

    private Change delete(Lines file, int site) {
        if (site == 0 || site == file.size() - 1 || structural(file.contents().get(site))) {
            return null;
        }
        // Deleting one of two neighbours equal up to indentation cannot be told from deleting the other (lazy rule
        // 7 matches ignoring indentation), and next to a marker from keeping both while the marker keeps the twin:
        // rule 2 places a repeated line by its neighbour and rule 3 prefers the fewest changed lines.
        String key = LineKeys.key(file.contents().get(site));
        if (key.equals(LineKeys.key(file.contents().get(site - 1)))
                || key.equals(LineKeys.key(file.contents().get(site + 1)))) {
            return null;
        }
        return new Change(file.withDeleted(site), site, site - 1, "line " + (site + 1) + " deleted", true);
    }

    /**
     * A line that opens or closes a block: deleting or renaming it alone is not an edit a model makes, and its
     * absence next to a marker cannot be told from elision.
     */
    static boolean structural(String line) {
        String key = LineKeys.key(line);
        return LineKeys.isOpener(key) || LineKeys.isCloser(key) || key.endsWith(":") || key.endsWith("{");
    }

    private static String leadingWhitespace(String line) {
        return LazyEditCases.leadingWhitespace(line);
    }
}
