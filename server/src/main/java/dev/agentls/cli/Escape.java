package dev.agentls.cli;

/** Shows texts with invisible characters visible, for one-line reports. */
final class Escape {

    private Escape() {}

    static String quote(String s, int max) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length() && i < max; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> sb.append(c);
            }
        }
        if (s.length() > max) {
            sb.append("...");
        }
        return sb.append('"').toString();
    }

    /** Where two texts first differ, with a little context from each. */
    static String firstDifference(String expected, String actual) {
        int i = 0;
        while (i < expected.length() && i < actual.length() && expected.charAt(i) == actual.charAt(i)) {
            i++;
        }
        int from = Math.max(0, i - 20);
        return "differs at character " + i + ": expected " + quote(expected.substring(from), 60) + ", got "
                + quote(actual.substring(from), 60);
    }
}
