package dev.agentls.tools.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What each command means for safety: the approval tables of {@link CommandTables}, the wrappers whose wrapped
 * command is checked in turn, and the commands whose danger depends on their options (git, sed -i, cp over a file,
 * chmod -R, find -delete, inline interpreter code). Every command's arguments are also checked as paths.
 */
final class CommandRules {

    private static final Pattern RISKY_CODE = Pattern.compile(
            "rmtree|remove|unlink|rmdir|rename|truncate|delete|write|move|copy|system|subprocess|popen|exec|spawn|child_process|socket"
                    + "|urllib|requests|http|fetch|writefile|write_text|write_bytes|appendfile|shutil|chmod|chown"
                    + "|kill|eval|open\\s*\\([^)]*['\"][wax+]|fs\\.|process\\.|`|net::|open3|\\bdel\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Set<String> INLINE_CODE_FLAGS = Set.of("-c", "-e", "-E", "-r", "--eval", "-p", "--print",
            "--command", "-Command", "-command");

    private final Inspection inspection;

    CommandRules(Inspection inspection) {
        this.inspection = inspection;
    }

    void inspect(String command, List<Word> args) {
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
            case "xargs" -> wrapper(args, Set.of("-I", "-n", "-P", "-L", "-s", "-d", "-E", "-a", "--arg-file",
                    "--delimiter", "--max-args", "--max-procs", "--replace"));
            case "watch" -> watch(args);
            case "find" -> find(args);
            case "eval" -> eval(args);
            case "git" -> new GitRules(inspection).inspect(args);
            case "sed" -> {
                if (args.stream().anyMatch(a -> literal(a).map(t -> t.matches("-[a-zA-Z]*i.*|--in-place.*"))
                        .orElse(false))) {
                    inspection.approve("`sed -i` edits files in place, outside the editor and its checkpoints");
                }
                arguments(args);
            }
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
            shell(named, args);
        } else if (CommandTables.INTERPRETERS.contains(command) || command.matches("python[0-9.]+")) {
            interpreter(command, named, args);
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
        }
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
                inspection.checkArgument(Inspection.assignmentValue(arg), false);
                at++;
            } else {
                break;
            }
        }
        if (at < args.size()) {
            inspection.invoke(args.subList(at, args.size()));
        }
    }

    private void watch(List<Word> args) {
        int at = 0;
        while (at < args.size() && literal(args.get(at)).map(t -> t.startsWith("-")).orElse(false)) {
            String option = literal(args.get(at)).orElseThrow();
            at += Set.of("-n", "--interval", "-d", "-q").contains(option) && option.matches("-n|--interval") ? 2 : 1;
        }
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
                    if (wrapped.isEmpty()) {
                        inspection.approve("`find " + text + "` has no command");
                    } else {
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

    private void eval(List<Word> args) {
        joinedScript(args, "`eval`");
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

    private void shell(String named, List<Word> args) {
        Optional<String> code = option(args, "-c");
        if (code.isPresent()) {
            script(code.get(), named + " -c");
            return;
        }
        if (args.stream().anyMatch(a -> literal(a).map(t -> t.matches("-[a-z]*c[a-z]*")).orElse(false))) {
            inspection.approve(named + " runs a command that comes from an expansion");
            return;
        }
        List<Word> operands = args.stream().filter(a -> !isOption(a)).toList();
        if (operands.isEmpty()) {
            inspection.approve(named + " reads commands from its input, which cannot be checked");
        }
        arguments(args);
    }

    private void interpreter(String command, String named, List<Word> args) {
        for (int at = 0; at < args.size(); at++) {
            String text = literal(args.get(at)).orElse("");
            if (command.equals("perl") && text.matches("-[a-zA-Z]*i.*")) {
                inspection.approve("`perl -i` edits files in place, outside the editor and its checkpoints");
            }
            if (text.equals("-m") && at + 1 < args.size()) {
                String module = literal(args.get(at + 1)).orElse("");
                if (module.equals("pip")) {
                    inspect("pip", args.subList(at + 2, args.size()));
                    return;
                }
                if (module.equals("http.server") || module.equals("SimpleHTTPServer") || module.equals("smtpd")) {
                    inspection.approve(named + " -m " + module + " opens a network server");
                }
            }
            boolean inline = INLINE_CODE_FLAGS.contains(text)
                    || (command.equals("perl") && text.matches("-[a-zA-Z]*[eE]"));
            if (inline && at + 1 < args.size()) {
                Optional<String> code = inspection.text(args.get(at + 1));
                if (code.isEmpty() || RISKY_CODE.matcher(code.get()).find()) {
                    inspection.approve(named + " runs inline code that may change files, run programs or use the network");
                }
                at++;
                continue;
            }
            inspection.checkArgument(args.get(at), false);
        }
        if (args.isEmpty() || args.stream().anyMatch(a -> literal(a).map("-"::equals).orElse(false))) {
            inspection.approve(named + " reads a program from its input, which cannot be checked");
        }
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
