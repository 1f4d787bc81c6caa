package dev.agentls.tools.command;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a command line knows of itself as it would run: the folders it may be in after {@code cd}, and the values of
 * the variables it assigns (or is given: HOME, PWD, the specials). It resolves a path text against every one of those
 * folders; what it cannot know (a folder or a value from an expansion) goes to {@code approve} as a reason.
 */
final class LineScope {

    /** Stands in for a value produced at run time (a substitution, a loop item already checked). */
    static final String PLACEHOLDER = "x";
    static final Set<String> DECLARING = Set.of("export", "declare", "local", "readonly", "typeset");

    private final Path home;
    private final Consumer<String> approve;
    private final Set<Path> folders = new LinkedHashSet<>();
    private final Map<String, String> variables = new HashMap<>();

    LineScope(Path root, Path home, Consumer<String> approve) {
        this.home = home;
        this.approve = approve;
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

    /** Learns what every command of the line assigns, then every folder it may move to. */
    void learn(List<SimpleCommand> commands) {
        for (SimpleCommand command : commands) {
            learnVariables(command);
        }
        for (SimpleCommand command : commands) {
            learnFolders(command);
        }
    }

    /** Every folder the line may be in when a command runs (after each {@code cd} it holds). */
    List<Path> folders() {
        return List.copyOf(folders);
    }

    Path home() {
        return home;
    }

    /** The variables known so far, read-only. */
    Map<String, String> variables() {
        return Collections.unmodifiableMap(variables);
    }

    /** Resolves a path text against every folder the line may be in ({@code ~} against home). */
    void forEachLocation(String text, boolean tilde, Consumer<Path> action) {
        try {
            if (tilde && (text.equals("~") || text.startsWith("~/"))) {
                action.accept(home.resolve(text.equals("~") ? "" : text.substring(2)).normalize());
            } else if (tilde) {
                approve.accept("uses another user's home folder: " + text);
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

    /** The word's text with unknown values replaced by a harmless placeholder (they are reported separately). */
    String lenientText(Word word) {
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
            approve.accept("changes to a folder that comes from an expansion: " + targets.get(0).display());
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
