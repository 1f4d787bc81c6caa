package dev.agentls.tools.command;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The checking of one command line: the reasons found so far and the refusal, the path and redirection checks, and
 * each invocation handed to {@link CommandRules} (what each command means). Where the line may be and what its
 * variables hold is its {@link LineScope}.
 */
final class Inspection {

    private static final Set<String> READABLE_DEVICES = Set.of(
            "/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/zero", "/dev/urandom",
            "/dev/random");
    private static final Set<String> WRITABLE_DEVICES = Set.of("/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty");
    private static final List<String> SYSTEM_BINARIES = List.of("/usr/", "/bin/", "/sbin/", "/opt/", "/nix/");

    private final Path root;
    private final Path home;
    private final PathGuard guard;
    private final LineScope scope;
    private final Map<String, String> variables;
    private final Set<String> reasons = new LinkedHashSet<>();
    private final CommandRules rules = new CommandRules(this);
    private final ValueRules values = new ValueRules(this);
    private String refusal;
    private int nesting;

    Inspection(Path root, Path home, PathGuard guard) {
        this.root = root;
        this.home = home;
        this.guard = guard;
        this.scope = new LineScope(root, home, this::approve);
        this.variables = scope.variables();
    }

    void inspect(List<SimpleCommand> commands) {
        scope.learn(commands);
        for (SimpleCommand command : commands) {
            command.assignments().forEach(this::checkAssignment);
            if (!command.words().isEmpty() && command.words().get(0).literal().filter(LineScope.DECLARING::contains).isPresent()) {
                command.words().stream().skip(1).filter(w -> w.display().matches("[A-Za-z_][A-Za-z0-9_]*\\+?=.*"))
                        .forEach(this::checkAssignment);
            }
            for (SimpleCommand.Redirect redirect : command.redirects()) {
                checkRedirect(redirect);
            }
            if (command.kind() == SimpleCommand.Kind.LOOP_LIST) {
                command.words().forEach(word -> checkArgument(word, false));
            } else if (!command.words().isEmpty()) {
                invoke(command.words());
            }
        }
    }

    CommandVerdict verdict() {
        if (refusal != null) {
            return new CommandVerdict.Refused(refusal);
        }
        return reasons.isEmpty() ? new CommandVerdict.Safe() : new CommandVerdict.NeedsApproval(List.copyOf(reasons));
    }

    /** Checks one invocation: its name, then what the rules say about it and its arguments. */
    void invoke(List<Word> words) {
        if (++nesting > 32) {
            approve("the command wraps other commands too deeply to check");
            return;
        }
        try {
            Word name = words.get(0);
            Optional<String> text = name.text(variables);
            if (text.isEmpty() || (name.hasUnquotedGlob() && text.get().matches(".*[*?].*"))) {
                approve("the command name `" + name.display() + "` comes from an expansion");
                words.subList(1, words.size()).forEach(w -> checkArgument(w, false));
                return;
            }
            String command = text.get();
            if (command.contains("/") && SYSTEM_BINARIES.stream().noneMatch(command::startsWith)) {
                // A program named by its path may be one the agent wrote (./evil.sh), whatever it is called.
                approve("`" + command + "` runs a program named by its path, which may be one written in the"
                        + " workspace");
                checkArgument(name, false);
                words.subList(1, words.size()).forEach(w -> checkArgument(w, false));
                return;
            }
            String base = command.substring(command.lastIndexOf('/') + 1);
            rules.inspect(base, words.subList(1, words.size()));
        } finally {
            nesting--;
        }
    }

    /** Parses and checks a command line found inside another command ({@code sh -c '...'}, {@code eval}, ...). */
    void invokeScript(String script, String where) {
        try {
            List<SimpleCommand> nested = ShellParser.parse(script);
            if (++nesting > 32) {
                approve("the command wraps other commands too deeply to check");
                return;
            }
            try {
                inspect(nested);
            } finally {
                nesting--;
            }
        } catch (ShellSyntaxException e) {
            approve("cannot check the command inside " + where + ": " + e.getMessage());
        }
    }

    void approve(String reason) {
        reasons.add(reason);
    }

    /** Every folder the line may be in when a command runs (after each {@code cd} it holds). */
    List<Path> folders() {
        return scope.folders();
    }

    boolean insideWorkspace(Path path) {
        return guard.insideWorkspace(path);
    }

    int reasonCount() {
        return reasons.size();
    }

    /** See {@link ValueRules#checkAssignment}. */
    void checkAssignment(Word assignment) {
        values.checkAssignment(assignment);
    }

    /** See {@link ValueRules#checkArithmetic}. */
    void checkArithmetic(String expression) {
        values.checkArithmetic(expression);
    }

    /** The known value of a variable assigned on the line (or given: HOME, PWD, specials), or empty. */
    Optional<String> value(String name) {
        return Optional.ofNullable(variables.get(name));
    }

    static boolean holdsSubstitution(String text) {
        return text.contains("$(") || text.contains("`");
    }

    Optional<String> text(Word word) {
        return word.text(variables);
    }

    /**
     * Checks a word used as an argument: every path it could name must be inside the workspace and not denied.
     * Values unknown before running are refused approval unless {@code printing} (echo, printf and the like).
     */
    void checkArgument(Word word, boolean printing) {
        for (String variable : word.variables()) {
            if (!variables.containsKey(variable) && !printing) {
                approve("an argument uses $" + variable + ", whose value cannot be checked");
            } else if (!printing && variables.getOrDefault(variable, "").matches("(?s).*[\\s*?\\[].*")) {
                approve("$" + variable + " holds blanks or patterns, so the shell may split it into words that"
                        + " cannot be checked");
            }
        }
        for (Word.Part part : word.parts()) {
            if (part instanceof Word.Opaque opaque && opaque.what().contains("@P")) {
                approve("`" + opaque.what() + "` expands a prompt, which may run commands");
            } else if (part instanceof Word.Opaque opaque && opaque.what().startsWith("$((")) {
                checkArithmetic(opaque.what().substring(3, opaque.what().length() - 2));
            }
        }
        if (!printing && word.text(variables).filter(Inspection::holdsSubstitution).isPresent()) {
            approve("an argument holds a substitution as text, which arithmetic or a nested shell would run: "
                    + word.display());
        }
        String value = scope.lenientText(word);
        for (String candidate : BraceExpansion.expand(value)) {
            for (String pathText : pathsIn(candidate)) {
                scope.forEachLocation(pathText, word.startsWithTilde(), path -> checkPath(path, false));
            }
        }
        if (word.hasUnquotedGlob()) {
            word.globPattern(variables).ifPresent(pattern -> {
                for (Path folder : scope.folders()) {
                    GlobExpansion.expand(pattern, folder, home).forEach(path -> checkPath(path, false));
                }
            });
        }
    }

    /** Checks a file a command writes; {@code truncates} when it replaces the file's content. */
    void checkWrite(Word word, boolean truncates) {
        Optional<String> value = word.text(variables);
        if (value.isEmpty()) {
            approve("writes to `" + word.display() + "`, a path that comes from an expansion");
            return;
        }
        for (String candidate : BraceExpansion.expand(value.get())) {
            scope.forEachLocation(candidate, word.startsWithTilde(), path -> {
                if (WRITABLE_DEVICES.contains(path.toString())) {
                    return;
                }
                if (checkPath(path, true)) {
                    approve(truncates && Files.isRegularFile(path) ? "overwrites the existing file " + display(path)
                            : "writes to " + display(path));
                }
            });
        }
    }

    /** Whether {@code word} names an existing regular file, in any folder the line may be in (unknown: yes). */
    boolean isFile(Word word) {
        Optional<String> value = word.text(variables);
        if (value.isEmpty()) {
            return true;
        }
        List<Path> found = new ArrayList<>();
        scope.forEachLocation(value.get(), word.startsWithTilde(), path -> {
            if (Files.isRegularFile(path)) {
                found.add(path);
            }
        });
        return !found.isEmpty();
    }

    /** Whether a folder named by {@code folder} holds an entry named like the last segment of {@code entry}. */
    boolean holds(Word folder, Word entry) {
        Optional<String> folderText = folder.text(variables);
        Optional<String> entryText = entry.text(variables);
        if (folderText.isEmpty() || entryText.isEmpty()) {
            return true;
        }
        String name;
        try {
            Path entryPath = Path.of(entryText.get()).getFileName();
            name = entryPath == null ? "" : entryPath.toString();
        } catch (InvalidPathException e) {
            return true;
        }
        List<Path> found = new ArrayList<>();
        scope.forEachLocation(folderText.get(), folder.startsWithTilde(), path -> {
            if (!name.isEmpty() && Files.isDirectory(path) && Files.exists(path.resolve(name))) {
                found.add(path);
            }
        });
        return !found.isEmpty();
    }

    private void checkRedirect(SimpleCommand.Redirect redirect) {
        if (redirect.heredoc() || redirect.duplicatesDescriptor()) {
            return;
        }
        if (redirect.writes()) {
            checkWrite(redirect.target(), redirect.truncates());
        } else {
            checkArgument(redirect.target(), false);
        }
    }

    /** Returns true when the path is inside and allowed; otherwise records why not. */
    private boolean checkPath(Path path, boolean writing) {
        String text = path.toString();
        if ((writing ? WRITABLE_DEVICES : READABLE_DEVICES).contains(text) || text.startsWith("/dev/fd/")) {
            return true;
        }
        if (!guard.insideWorkspace(path)) {
            approve((writing ? "writes" : "reaches") + " outside the workspace: " + text);
            return false;
        }
        Optional<String> denied = guard.denied(path);
        if (denied.isPresent()) {
            if (refusal == null) {
                refusal = denied.get();
            }
            return false;
        }
        return true;
    }

    private String display(Path path) {
        return path.startsWith(root) && !path.equals(root) ? root.relativize(path).toString() : path.toString();
    }

    /** The texts in an argument that could be paths: itself, and what follows an {@code =} (--file=x, of=x). */
    private static List<String> pathsIn(String candidate) {
        List<String> paths = new ArrayList<>();
        if (candidate.isEmpty() || candidate.contains("://")) {
            return paths;
        }
        int equals = candidate.indexOf('=');
        if (!candidate.startsWith("-")) {
            paths.add(candidate);
        }
        if (equals >= 0 && equals + 1 < candidate.length()) {
            String after = candidate.substring(equals + 1);
            if (!after.contains("://")) {
                paths.add(after);
            }
        }
        return paths;
    }

}
