package dev.agentls.tools.command;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The state of checking one command line: the folders it may be in after {@code cd}, the variables it assigns, and
 * the reasons found so far. Path and redirection checks live here; what each command means lives in
 * {@link CommandRules}.
 */
final class Inspection {

    /** Stands in for a value produced at run time (a substitution, a loop item already checked). */
    static final String PLACEHOLDER = "x";
    private static final Set<String> READABLE_DEVICES = Set.of(
            "/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/zero", "/dev/urandom",
            "/dev/random");
    private static final Set<String> WRITABLE_DEVICES = Set.of("/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty");
    private static final Set<String> DECLARING = Set.of("export", "declare", "local", "readonly", "typeset");
    private static final List<String> SYSTEM_BINARIES = List.of("/usr/", "/bin/", "/sbin/", "/opt/", "/nix/");

    private final Path root;
    private final Path home;
    private final PathGuard guard;
    private final Set<Path> folders = new LinkedHashSet<>();
    private final Map<String, String> variables = new HashMap<>();
    private final Set<String> reasons = new LinkedHashSet<>();
    private final CommandRules rules = new CommandRules(this);
    private final ValueRules values = new ValueRules(this);
    private String refusal;
    private int nesting;

    Inspection(Path root, Path home, PathGuard guard) {
        this.root = root;
        this.home = home;
        this.guard = guard;
        folders.add(root);
        variables.put("HOME", home.toString());
        variables.put("PWD", root.toString());
        for (String special : List.of("?", "#", "$", "!", "-")) {
            variables.put(special, "0");
        }
        for (String positional : List.of("@", "*", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")) {
            variables.put(positional, "");
        }
    }

    void inspect(List<SimpleCommand> commands) {
        for (SimpleCommand command : commands) {
            learnVariables(command);
        }
        for (SimpleCommand command : commands) {
            learnFolders(command);
        }
        for (SimpleCommand command : commands) {
            command.assignments().forEach(this::checkAssignment);
            if (!command.words().isEmpty() && command.words().get(0).literal().filter(DECLARING::contains).isPresent()) {
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
        return List.copyOf(folders);
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
        String value = lenientText(word);
        for (String candidate : BraceExpansion.expand(value)) {
            for (String pathText : pathsIn(candidate)) {
                forEachLocation(pathText, word.startsWithTilde(), path -> checkPath(path, false));
            }
        }
        if (word.hasUnquotedGlob()) {
            word.globPattern(variables).ifPresent(pattern -> {
                for (Path folder : folders) {
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
            forEachLocation(candidate, word.startsWithTilde(), path -> {
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
        forEachLocation(value.get(), word.startsWithTilde(), path -> {
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
        forEachLocation(folderText.get(), folder.startsWithTilde(), path -> {
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

    /** Resolves a path text against every folder the line may be in ({@code ~} against home). */
    private void forEachLocation(String text, boolean tilde, java.util.function.Consumer<Path> action) {
        try {
            if (tilde && (text.equals("~") || text.startsWith("~/"))) {
                action.accept(home.resolve(text.equals("~") ? "" : text.substring(2)).normalize());
            } else if (tilde) {
                approve("uses another user's home folder: " + text);
            } else if (text.startsWith("/")) {
                action.accept(Path.of(text).normalize());
            } else {
                for (Path folder : List.copyOf(folders)) {
                    action.accept(folder.resolve(text).normalize());
                }
            }
        } catch (InvalidPathException e) {
            // Not a path at all (a pattern, a message): nothing on disk to protect.
        }
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

    /** The word's text with unknown values replaced by a harmless placeholder (they are reported separately). */
    private String lenientText(Word word) {
        StringBuilder text = new StringBuilder();
        for (Word.Part part : word.parts()) {
            if (part instanceof Word.Literal literal) {
                text.append(literal.text());
            } else if (part instanceof Word.Variable variable) {
                text.append(variables.getOrDefault(variable.name(), PLACEHOLDER));
            } else {
                text.append(PLACEHOLDER);
            }
        }
        return text.toString();
    }

    private void learnVariables(SimpleCommand command) {
        if (command.kind() == SimpleCommand.Kind.LOOP_LIST) {
            variables.put(command.loopVariable(), PLACEHOLDER);
            return;
        }
        List<Word> assignments = new ArrayList<>(command.assignments());
        if (!command.words().isEmpty() && command.words().get(0).literal()
                .filter(DECLARING::contains).isPresent()) {
            command.words().stream().skip(1).filter(w -> w.literal().map(t -> t.contains("=")).orElse(true))
                    .forEach(assignments::add);
        }
        for (Word assignment : assignments) {
            String raw = assignment.display();
            int equals = raw.indexOf('=');
            if (equals <= 0) {
                continue;
            }
            String name = raw.substring(0, equals).replace("+", "");
            Optional<String> value = assignmentValue(assignment).text(variables);
            // An unknown value makes later uses unknown: drop any earlier literal value.
            value.ifPresentOrElse(v -> variables.put(name, v), () -> variables.remove(name));
        }
    }

    private void learnFolders(SimpleCommand command) {
        List<Word> words = command.words();
        if (words.isEmpty() || !words.get(0).literal().map(n -> n.equals("cd") || n.equals("pushd")).orElse(false)) {
            return;
        }
        List<Word> targets = words.stream().skip(1).filter(w -> !w.literal().map(t -> t.startsWith("-")).orElse(false))
                .toList();
        if (targets.isEmpty()) {
            folders.add(home);
            return;
        }
        Optional<String> target = targets.get(0).text(variables);
        if (target.isEmpty()) {
            approve("changes to a folder that comes from an expansion: " + targets.get(0).display());
            return;
        }
        forEachLocation(target.get(), targets.get(0).startsWithTilde(), folders::add);
    }

    /** The value part of {@code NAME=value} as a word of its own. */
    static Word assignmentValue(Word assignment) {
        List<Word.Part> parts = new ArrayList<>(assignment.parts());
        if (!parts.isEmpty() && parts.get(0) instanceof Word.Literal first) {
            int equals = first.text().indexOf('=');
            if (equals >= 0) {
                parts.set(0, new Word.Literal(first.text().substring(equals + 1), first.quoted()));
            }
        }
        return new Word(parts);
    }
}
