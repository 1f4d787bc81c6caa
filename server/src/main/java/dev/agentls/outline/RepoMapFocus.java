package dev.agentls.outline;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a request points at, which the repo map weighs most: files (the selection's, the focused ones, paths named in
 * the request) and identifiers (names in the request and the selected text); and, weighing less, the files edited
 * lately. Paths are as the map shows them (relative to the first root); a bare file name matches any file of that
 * name.
 */
public record RepoMapFocus(List<String> files, Set<String> identifiers, List<String> recent) {

    private static final Pattern WORD = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]{2,}");
    private static final Pattern PATH = Pattern.compile("[A-Za-z0-9_./\\-]+\\.[A-Za-z0-9]{1,5}\\b");

    public static final RepoMapFocus NONE = new RepoMapFocus(List.of(), Set.of());

    /** @param recent files edited lately, newest first (as the map shows paths); they weigh less than the request's */
    public RepoMapFocus {
        files = List.copyOf(files);
        identifiers = Set.copyOf(identifiers);
        recent = List.copyOf(recent);
    }

    /** A focus with no recent edits. */
    public RepoMapFocus(List<String> files, Set<String> identifiers) {
        this(files, identifiers, List.of());
    }

    /**
     * The focus of a request: {@code files} as given, plus every path-like word of {@code texts}; and the
     * identifiers of {@code texts} (the prompt, the selected text).
     */
    public static RepoMapFocus of(List<String> files, String... texts) {
        Set<String> paths = new LinkedHashSet<>(files);
        Set<String> names = new LinkedHashSet<>();
        for (String text : texts) {
            if (text == null) {
                continue;
            }
            Matcher path = PATH.matcher(text);
            while (path.find()) {
                if (path.group().contains("/") || Character.isUpperCase(path.group().charAt(0))
                        || path.group().matches(".*\\.(java|py|js|ts|tsx|jsx|go|mjs|cjs)$")) {
                    paths.add(path.group());
                }
            }
            Matcher word = WORD.matcher(text);
            while (word.find()) {
                names.add(word.group());
            }
        }
        return new RepoMapFocus(List.copyOf(paths), names);
    }

    /** Whether {@code path} (as the map shows it) is one of the focused files. */
    boolean focuses(String path) {
        for (String file : files) {
            String f = file.startsWith("./") ? file.substring(2) : file;
            if (path.equals(f) || path.endsWith("/" + f)) {
                return true;
            }
        }
        return false;
    }
}
