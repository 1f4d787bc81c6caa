package dev.agentls.edit.lazy;

/**
 * How lines are compared: indentation ignored, inner runs of whitespace collapsed, so {@code foo(a,  b)} anchors
 * on {@code foo(a, b)} at any depth. Also the shapes the merge reasons about: openers, closers, comments.
 */
final class LineKeys {

    private LineKeys() {}

    static String key(String line) {
        String t = line.strip();
        StringBuilder b = new StringBuilder(t.length());
        boolean space = false;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (Character.isWhitespace(c)) {
                space = true;
            } else {
                if (space) {
                    b.append(' ');
                    space = false;
                }
                b.append(c);
            }
        }
        return b.toString();
    }

    /** Indentation width, a tab counting four columns. */
    static int indent(String line) {
        int w = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') {
                w++;
            } else if (c == '\t') {
                w += 4;
            } else {
                break;
            }
        }
        return w;
    }

    static String leadingWhitespace(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return line.substring(0, i);
    }

    /** A line that opens a block closed by a later line at its indentation: ends in a bracket, or a lone tag. */
    static boolean isOpener(String key) {
        if (key.endsWith("{") || key.endsWith("(") || key.endsWith("[")) {
            return true;
        }
        return key.startsWith("<") && !key.startsWith("</") && !key.startsWith("<!") && key.endsWith(">")
                && !key.endsWith("/>") && !key.contains("</") && key.length() > 2
                && Character.isLetter(key.charAt(1));
    }

    static boolean isCloser(String key) {
        return key.startsWith("}") || key.startsWith(")") || key.startsWith("]") || key.startsWith("</");
    }

    /** A line that is a comment in a common syntax; it never ends an indented block. */
    static boolean isComment(String key) {
        return key.startsWith("//") || key.startsWith("/*") || key.startsWith("*") || key.startsWith("#")
                || key.startsWith("<!--") || key.startsWith("--");
    }

    /** Comment or annotation lines, which belong to the code line after them. */
    static boolean isPreamble(String key) {
        return key.startsWith("//") || key.startsWith("/*") || key.startsWith("*") || key.startsWith("#")
                || key.startsWith("@") || key.startsWith("<!--") || key.startsWith("{/*");
    }

    /**
     * Whether two block-opening lines open the same thing, perhaps changed: the same name before the first
     * parenthesis ({@code add(number) {} and {@code add(number, more) {}}), else the same first word ({@code <p>}
     * and {@code <p className="x">}).
     */
    static boolean sameHead(String a, String b) {
        return head(a).equals(head(b));
    }

    private static String head(String key) {
        int paren = key.indexOf('(');
        if (paren > 0) {
            int end = paren;
            while (end > 0 && Character.isWhitespace(key.charAt(end - 1))) {
                end--;
            }
            int start = end;
            while (start > 0 && (Character.isLetterOrDigit(key.charAt(start - 1)) || key.charAt(start - 1) == '_'
                    || key.charAt(start - 1) == '$')) {
                start--;
            }
            if (start < end) {
                return key.substring(start, end);
            }
        }
        int i = 0;
        while (i < key.length() && !Character.isLetterOrDigit(key.charAt(i))) {
            i++;
        }
        int start = i;
        while (i < key.length() && (Character.isLetterOrDigit(key.charAt(i)) || key.charAt(i) == '_')) {
            i++;
        }
        return key.substring(start, i);
    }

    /**
     * For each line, the nearest line before it indented less (skipping lines {@code skip} says to), or -1: the
     * line whose block it sits in. Linear, with a stack of ever deeper candidates.
     */
    static int[] enclosing(int[] indent, java.util.function.IntPredicate skip) {
        int[] enclosing = new int[indent.length];
        int[] stack = new int[indent.length];
        int top = 0;
        for (int i = 0; i < indent.length; i++) {
            if (skip.test(i)) {
                enclosing[i] = -1;
                continue;
            }
            while (top > 0 && indent[stack[top - 1]] >= indent[i]) {
                top--;
            }
            enclosing[i] = top > 0 ? stack[top - 1] : -1;
            stack[top++] = i;
        }
        return enclosing;
    }
}
