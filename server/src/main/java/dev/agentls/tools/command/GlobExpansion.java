package dev.agentls.tools.command;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Expands a glob pattern against the file system the way bash does by default (a leading {@code .} must be matched
 * literally; {@code **} is {@code *}), so a command such as {@code cat .e*} is seen to reach {@code .env}. Bounded:
 * at most {@value #MAX_RESULTS} matches and {@value #MAX_ENTRIES} directory entries looked at.
 */
final class GlobExpansion {

    static final int MAX_RESULTS = 1_000;
    static final int MAX_ENTRIES = 20_000;

    private GlobExpansion() {}

    /** {@code pattern} has quoted special characters escaped with a backslash; relative patterns start at {@code folder}. */
    static List<Path> expand(String pattern, Path folder, Path home) {
        Path start;
        String rest = pattern;
        if (pattern.startsWith("/")) {
            start = Path.of("/");
            rest = pattern.substring(1);
        } else if (pattern.equals("~") || pattern.startsWith("~/")) {
            start = home;
            rest = pattern.length() > 2 ? pattern.substring(2) : "";
        } else {
            start = folder;
        }
        List<Path> current = new ArrayList<>(List.of(start));
        int[] budget = {MAX_ENTRIES};
        try {
            for (String segment : rest.split("/")) {
                if (segment.isEmpty()) {
                    continue;
                }
                List<Path> next = new ArrayList<>();
                if (!hasGlob(segment)) {
                    String literal = unescape(segment);
                    current.forEach(path -> next.add(path.resolve(literal).normalize()));
                } else {
                    Pattern regex = toRegex(segment);
                    boolean dotAllowed = segment.startsWith(".");
                    for (Path path : current) {
                        listMatching(path, regex, dotAllowed, next, budget);
                    }
                }
                current = next.size() > MAX_RESULTS ? next.subList(0, MAX_RESULTS) : next;
            }
        } catch (InvalidPathException e) {
            return List.of();
        }
        return current;
    }

    private static void listMatching(Path folder, Pattern regex, boolean dotAllowed, List<Path> into, int[] budget) {
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                if (--budget[0] < 0 || into.size() >= MAX_RESULTS) {
                    return;
                }
                String name = entry.getFileName().toString();
                if ((dotAllowed || !name.startsWith(".")) && regex.matcher(name).matches()) {
                    into.add(entry);
                }
            }
        } catch (IOException | SecurityException e) {
            // An unreadable folder matches nothing, as in bash.
        }
    }

    static boolean hasGlob(String segment) {
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '*' || c == '?' || c == '[') {
                return true;
            }
        }
        return false;
    }

    private static String unescape(String segment) {
        return segment.replaceAll("\\\\(.)", "$1");
    }

    private static Pattern toRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '\\' && i + 1 < glob.length()) {
                regex.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else if (c == '[') {
                int close = glob.indexOf(']', i + 2);
                if (close < 0) {
                    regex.append("\\[");
                    continue;
                }
                String set = glob.substring(i + 1, close);
                if (set.startsWith("!")) {
                    set = "^" + set.substring(1);
                }
                regex.append('[').append(set.replace("\\", "\\\\").replace("[", "\\[")).append(']');
                i = close;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
