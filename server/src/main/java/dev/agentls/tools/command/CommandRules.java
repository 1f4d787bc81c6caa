package dev.agentls.tools.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What each command means for safety. A command runs unasked only when it is on the read-only list
 * ({@link ReadOnlyCommands}) and this use of it writes nothing and runs nothing; every other command asks, with the
 * most specific reason known (the tables of {@link CommandTables}, git's sub-commands, a wrapper's wrapped command,
 * a script an interpreter is given). Every command's arguments are also checked as paths.
 */
final class CommandRules {

    private static final Set<String> VERSION_ONLY = Set.of("--version", "-version", "-V", "-v", "--help");

    private final Inspection inspection;
    private final ProgramRules programs;

    CommandRules(Inspection inspection) {
        this.inspection = inspection;
        this.programs = new ProgramRules(inspection);
    }

    void inspect(String command, List<Word> args) {
        int before = inspection.reasonCount();
        boolean versionOnly = args.size() == 1 && inspection.text(args.get(0)).map(VERSION_ONLY::contains)
                .orElse(false);
        boolean runsPrograms = CommandTables.SHELLS.contains(command) || CommandTables.INTERPRETERS.contains(command)
                || command.matches("python[0-9.]+");
        if (versionOnly && runsPrograms) {
            return;
        }
        rules(command, args);
        if (inspection.reasonCount() == before && !ReadOnlyCommands.contains(command) && !versionOnly) {
            inspection.approve("`" + command + "` is not on the read-only list: it may run programs or change files");
        }
    }

    private void rules(String command, List<Word> args) {
        String named = "`" + command + "`";
        if (CommandTables.DESTRUCTIVE.contains(command) || command.startsWith("mkfs")) {
            inspection.approve(named + " deletes or overwrites data");
        } else if (CommandTables.NETWORK.contains(command)) {
            inspection.approve(named + " uses the network");
        } else if (CommandTables.PROCESSES.contains(command)) {
            inspection.approve(named + " stops processes or services");
        } else if (CommandTables.PACKAGE_MANAGERS.contains(command)) {
            inspection.approve(named + " installs or runs packages");
        } else if (CommandTables.OPENERS.contains(command)) {
            inspection.approve(named + " opens something outside the terminal");
        } else if (CommandTables.PRIVILEGED.contains(command)) {
            inspection.approve(named + " needs or changes system privileges");
        }
        switch (command) {
            case "sudo", "doas" -> wrapper(args, Set.of("-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T"));
            case "su", "runuser" -> option(args, "-c").ifPresent(code -> script(code, named));
            case "env" -> env(args);
            case "nice", "ionice", "nohup", "stdbuf", "setsid", "chronic", "unbuffer", "caffeinate", "command",
                 "builtin", "exec", "strace", "ltrace", "time", "flock" -> simpleWrapper(command, args);
            case "timeout" -> timeout(args);
            case "xargs" -> {
                inspection.approve("`xargs` runs a command built from its input, which cannot be checked");
                wrapper(args, Set.of("-I", "-n", "-P", "-L", "-s", "-d", "-E", "-a", "--arg-file",
                        "--delimiter", "--max-args", "--max-procs", "--replace"));
            }
            case "watch" -> watch(args);
            case "find" -> find(args);
            case "eval" -> {
                inspection.approve("`eval` runs text as a command line");
                joinedScript(args, "`eval`");
            }
            case "source", "." -> {
                inspection.approve(named + " runs the commands of a file in the shell itself");
                arguments(args);
            }
            case "((", "let" -> args.forEach(this::arithmetic);
            case "[[" -> {
                if (args.stream().anyMatch(a -> inspection.text(a).map(t -> t.matches("-(eq|ne|lt|le|gt|ge)"))
                        .orElse(false))) {
                    args.stream().filter(a -> !inspection.text(a).map(t -> t.startsWith("-") || t.equals("]]"))
                            .orElse(false)).forEach(this::arithmetic);
                }
                args.forEach(a -> inspection.checkArgument(a, true));
            }
            case "trap" -> inspection.approve("`trap` sets code to run when a signal arrives or the shell exits");
            case "git" -> new GitRules(inspection).inspect(args);
            case "sed" -> programs.sed(args);
            case "awk", "gawk", "mawk", "nawk" -> programs.awk(named, args);
            case "tee" -> {
                boolean append = args.stream().anyMatch(a -> literal(a).map(t -> t.equals("-a")
                        || t.equals("--append")).orElse(false));
                args.stream().filter(a -> !isOption(a)).forEach(a -> inspection.checkWrite(a, !append));
            }
            case "cp", "mv", "install" -> copy(named, args);
            case "ln" -> {
                if (args.stream().anyMatch(a -> literal(a).map(t -> t.matches("-[a-zA-Z]*f[a-zA-Z]*|--force"))
                        .orElse(false))) {
                    inspection.approve("`ln -f` replaces existing files");
                }
                arguments(args);
            }
            case "chmod", "chown", "chgrp" -> {
                if (!command.equals("chmod")) {
                    inspection.approve(named + " changes who owns files");
                } else if (args.stream().anyMatch(a -> literal(a).map(t -> t.matches("-[a-zA-Z]*R[a-zA-Z]*|--recursive"))
                        .orElse(false))) {
                    inspection.approve("`chmod -R` changes permissions of a whole tree");
                }
                arguments(args);
            }
            default -> other(command, named, args);
        }
    }

    private void other(String command, String named, List<Word> args) {
        if (CommandTables.SHELLS.contains(command)) {
            programs.shell(named, args);
        } else if (CommandTables.INTERPRETERS.contains(command) || command.matches("python[0-9.]+")) {
            programs.interpreter(command, named, args);
        } else if (CommandTables.RISKY_SUBCOMMANDS.containsKey(command) || command.matches("pip[0-9.]+")) {
            String table = command.matches("pip[0-9.]+") ? "pip" : command;
            Optional<String> sub = firstNonOption(args);
            if (sub.isPresent() && CommandTables.RISKY_SUBCOMMANDS.get(table).contains(sub.get())) {
                inspection.approve("`" + command + " " + sub.get() + "` installs packages or uses the network");
            } else if (sub.isEmpty() && command.equals("yarn")) {
                inspection.approve("`yarn` with no sub-command installs packages");
            }
            arguments(args);
        } else if (CommandTables.HARMLESS_SUBCOMMANDS.containsKey(command)) {
            Optional<String> sub = firstNonOption(args);
            if (sub.isPresent() && !CommandTables.HARMLESS_SUBCOMMANDS.get(command).contains(sub.get())) {
                inspection.approve("`" + command + " " + sub.get() + "` changes containers, clusters or infrastructure");
            }
            arguments(args);
        } else if (Set.of("mvn", "mvnw", "gradle", "gradlew").contains(command)) {
            for (Word arg : args) {
                String text = literal(arg).orElse("");
                if (text.equals("deploy") || text.equals("install") || text.startsWith("release:")
                        || text.startsWith("publish") || text.equals("uploadArchives")) {
                    inspection.approve(named + " " + text + " publishes or writes outside the workspace");
                }
            }
            arguments(args);
        } else {
            boolean printing = CommandTables.PRINTING.contains(command);
            args.forEach(a -> inspection.checkArgument(a, printing));
            if (ReadOnlyCommands.contains(command)) {
                List<String> texts = args.stream().map(a -> inspection.text(a).orElse(null)).toList();
                ReadOnlyCommands.risk(command, texts).ifPresent(inspection::approve);
            }
        }
    }

    private void arithmetic(Word operand) {
        inspection.text(operand).ifPresentOrElse(inspection::checkArithmetic, () -> inspection.approve(
                "arithmetic on `" + operand.display() + "`, a value that cannot be checked"));
    }

    private void arguments(List<Word> args) {
        args.forEach(a -> inspection.checkArgument(a, false));
    }

    /** Skips options (and the values of those in {@code withValue}), then checks the wrapped command. */
    private void wrapper(List<Word> args, Set<String> withValue) {
        int at = 0;
        while (at < args.size()) {
            Optional<String> text = literal(args.get(at));
            if (text.isEmpty() || !text.get().startsWith("-")) {
                break;
            }
            if (text.get().equals("--")) {
                at++;
                break;
            }
            inspection.checkArgument(args.get(at), false);
            at += withValue.contains(text.get()) ? 2 : 1;
        }
        if (at < args.size()) {
            inspection.invoke(args.subList(at, args.size()));
        }
    }

    private void simpleWrapper(String command, List<Word> args) {
        if (command.equals("command") && args.stream().anyMatch(a -> literal(a).map(t -> t.equals("-v")
                || t.equals("-V")).orElse(false))) {
            return;
        }
        if (command.equals("flock")) {
            wrapper(args.isEmpty() ? args : args.subList(1, args.size()), Set.of("-w", "-E"));
            return;
        }
        wrapper(args, Set.of("-n", "-c", "-p", "-a", "-i", "-o", "-e", "--adjustment", "-s", "-u", "-E"));
    }

    private void timeout(List<Word> args) {
        int at = 0;
        while (at < args.size() && literal(args.get(at)).map(t -> t.startsWith("-")).orElse(false)) {
            String option = literal(args.get(at)).orElseThrow();
            at += option.equals("-s") || option.equals("-k") || option.equals("--signal") ? 2 : 1;
        }
        at++; // the duration
        if (at < args.size()) {
            inspection.invoke(args.subList(at, args.size()));
        }
    }

    private void env(List<Word> args) {
        int at = 0;
        while (at < args.size()) {
            Word arg = args.get(at);
            Optional<String> text = literal(arg);
            if (text.isPresent() && (text.get().equals("-S") || text.get().equals("--split-string"))
                    && at + 1 < args.size()) {
                Optional<String> split = inspection.text(args.get(at + 1));
                inspection.approve("`env -S` runs a command line given as text");
                split.ifPresentOrElse(s -> script(s, "`env -S`"),
                        () -> inspection.approve("`env -S` runs a command that comes from an expansion"));
                return;
            }
            if (text.isPresent() && Set.of("-u", "--unset", "-C", "--chdir").contains(text.get())) {
                if (at + 1 < args.size()) {
                    inspection.checkArgument(args.get(at + 1), false);
                }
                at += 2;
            } else if (text.isPresent() && text.get().startsWith("-")) {
                at++;
            } else if (arg.display().matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
                inspection.checkAssignment(arg);
                at++;
            } else {
                break;
            }
        }
        if (at < args.size()) {
            inspection.approve("`env` runs a command in a changed environment");
            inspection.invoke(args.subList(at, args.size()));
        }
    }

    private void watch(List<Word> args) {
        int at = 0;
        while (at < args.size() && literal(args.get(at)).map(t -> t.startsWith("-")).orElse(false)) {
            String option = literal(args.get(at)).orElseThrow();
            at += Set.of("-n", "--interval", "-d", "-q").contains(option) && option.matches("-n|--interval") ? 2 : 1;
        }
        inspection.approve("`watch` runs a command over and over");
        joinedScript(args.subList(Math.min(at, args.size()), args.size()), "`watch`");
    }

    private void find(List<Word> args) {
        for (int at = 0; at < args.size(); at++) {
            String text = literal(args.get(at)).orElse("");
            switch (text) {
                case "-delete" -> inspection.approve("`find -delete` deletes files");
                case "-exec", "-execdir", "-ok", "-okdir" -> {
                    List<Word> wrapped = new ArrayList<>();
                    at++;
                    while (at < args.size() && !literal(args.get(at)).map(t -> t.equals(";") || t.equals("+"))
                            .orElse(false)) {
                        wrapped.add(args.get(at++));
                    }
                    inspection.approve("`find " + text + "` runs a command for every file it finds");
                    if (!wrapped.isEmpty()) {
                        inspection.invoke(wrapped);
                    }
                }
                case "-fprint", "-fprint0", "-fprintf", "-fls" -> {
                    if (at + 1 < args.size()) {
                        inspection.checkWrite(args.get(++at), true);
                    }
                }
                default -> inspection.checkArgument(args.get(at), false);
            }
        }
    }

    private void joinedScript(List<Word> args, String where) {
        List<String> texts = new ArrayList<>();
        for (Word arg : args) {
            Optional<String> text = inspection.text(arg);
            if (text.isEmpty()) {
                inspection.approve(where + " runs text that comes from an expansion: " + arg.display());
                return;
            }
            texts.add(text.get());
        }
        if (!texts.isEmpty()) {
            script(String.join(" ", texts), where);
        }
    }

    private void script(String code, String where) {
        inspection.invokeScript(code, where);
    }

    private void copy(String named, List<Word> args) {
        args.forEach(a -> inspection.checkArgument(a, false));
        boolean noClobber = args.stream().anyMatch(a -> literal(a).map(t -> t.equals("-n")
                || t.equals("--no-clobber") || t.equals("--update=none")).orElse(false));
        Word targetDirectory = null;
        List<Word> operands = new ArrayList<>();
        for (int at = 0; at < args.size(); at++) {
            Optional<String> text = literal(args.get(at));
            if (text.map(t -> t.equals("-t") || t.equals("--target-directory")).orElse(false) && at + 1 < args.size()) {
                targetDirectory = args.get(++at);
            } else if (!isOption(args.get(at))) {
                operands.add(args.get(at));
            }
        }
        if (targetDirectory == null && operands.size() < 2) {
            return;
        }
        Word destination = targetDirectory != null ? targetDirectory : operands.remove(operands.size() - 1);
        inspection.checkWrite(destination, false);
        if (noClobber) {
            return;
        }
        if (inspection.isFile(destination)) {
            inspection.approve(named + " overwrites the existing file " + destination.display());
        }
        for (Word source : operands) {
            if (inspection.holds(destination, source)) {
                inspection.approve(named + " overwrites " + source.display() + " in " + destination.display());
            }
        }
    }

    /** The value given to {@code flag} ({@code -c 'code'}), when it is known text. */
    private Optional<String> option(List<Word> args, String flag) {
        for (int at = 0; at + 1 < args.size(); at++) {
            if (literal(args.get(at)).map(flag::equals).orElse(false)) {
                return inspection.text(args.get(at + 1));
            }
        }
        return Optional.empty();
    }

    private Optional<String> firstNonOption(List<Word> args) {
        return args.stream().filter(a -> !isOption(a)).findFirst().flatMap(inspection::text);
    }

    private boolean isOption(Word word) {
        return literal(word).map(t -> t.startsWith("-")).orElse(false);
    }

    private Optional<String> literal(Word word) {
        return inspection.text(word);
    }
}
