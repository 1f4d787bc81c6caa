package dev.agentls.tools.command;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Commands that run a program they are given: shells and interpreters (given code, a script or their input), and
 * sed and awk, whose scripts may write files or run commands. A shell's or interpreter's program always needs
 * approval, whatever it looks like (code can hide what it calls: {@code getattr(__import__('o'+'s'), ...)}); a sed or
 * awk script asks only when it can write or run something. Nested command lines are still checked for their own
 * reasons, so the approval text says what they would do.
 */
final class ProgramRules {

    private static final Set<String> INLINE_CODE_FLAGS = Set.of("-c", "-e", "-E", "-r", "--eval", "-p", "--print",
            "--command", "-Command", "-command");
    /** What an awk program needs to write or run: a pipe, print's redirection, system(), getline, an extension. */
    private static final Pattern AWK_EFFECTS = Pattern.compile(
            "system|getline|[|]|@|\\bclose\\b|\\bprintf?\\b[^;}\n]*>");

    private final Inspection inspection;

    ProgramRules(Inspection inspection) {
        this.inspection = inspection;
    }

    void shell(String named, List<Word> args) {
        Optional<String> code = option(args, "-c");
        if (code.isPresent()) {
            inspection.approve(named + " -c runs a command line given as text");
            inspection.invokeScript(code.get(), named + " -c");
            return;
        }
        if (args.stream().anyMatch(a -> text(a).map(t -> t.matches("-[a-z]*c[a-z]*")).orElse(true))) {
            inspection.approve(named + " runs a command line that comes from an expansion");
            return;
        }
        List<Word> operands = args.stream().filter(a -> !isOption(a)).toList();
        if (operands.isEmpty()) {
            inspection.approve(named + " runs the commands of its input (a here-document or a pipe)");
        } else {
            inspection.approve(named + " " + operands.get(0).display() + " runs a script");
        }
        args.forEach(a -> inspection.checkArgument(a, false));
    }

    void interpreter(String command, String named, List<Word> args) {
        boolean codeGiven = false;
        for (int at = 0; at < args.size(); at++) {
            String text = text(args.get(at)).orElse("");
            if (text.equals("-m") && at + 1 < args.size()) {
                String module = text(args.get(at + 1)).orElse("");
                inspection.approve(named + " -m " + module + " runs a module, which may run any program");
                args.subList(at + 1, args.size()).forEach(a -> inspection.checkArgument(a, false));
                return;
            }
            boolean inline = INLINE_CODE_FLAGS.contains(text)
                    || (command.equals("perl") && text.matches("-[a-zA-Z]*[eE]"));
            if (inline) {
                inspection.approve(named + " " + text + " runs code given on the command line");
                codeGiven = true;
                at++;
                continue;
            }
            if (!text.startsWith("-") && !codeGiven) {
                inspection.approve(named + " " + args.get(at).display() + " runs a script");
                args.subList(at, args.size()).forEach(a -> inspection.checkArgument(a, false));
                return;
            }
            inspection.checkArgument(args.get(at), false);
        }
        if (!codeGiven) {
            inspection.approve(named + " runs a program read from its input, which cannot be checked");
        }
    }

    void sed(List<Word> args) {
        List<String> scripts = new ArrayList<>();
        boolean scriptGiven = false;
        for (int at = 0; at < args.size(); at++) {
            Optional<String> text = text(args.get(at));
            if (text.isEmpty()) {
                inspection.approve("`sed` is given a value that comes from an expansion: " + args.get(at).display());
                continue;
            }
            String t = text.get();
            if (t.matches("-[a-zA-Z]*i.*|--in-place.*")) {
                inspection.approve("`sed -i` edits files in place, outside the editor and its checkpoints");
            } else if (t.equals("-f") || t.startsWith("--file") || t.matches("-[a-zA-Z]*f.*")) {
                inspection.approve("`sed -f` runs a script from a file, which cannot be checked");
                scriptGiven = true;
            } else if ((t.equals("-e") || t.equals("--expression")) && at + 1 < args.size()) {
                text(args.get(++at)).ifPresentOrElse(scripts::add,
                        () -> inspection.approve("`sed -e` is given a script that comes from an expansion"));
                scriptGiven = true;
                continue;
            } else if (t.startsWith("--expression=")) {
                scripts.add(t.substring("--expression=".length()));
                scriptGiven = true;
            } else if (!t.startsWith("-") && !scriptGiven) {
                scripts.add(t);
                scriptGiven = true;
                continue;
            }
            inspection.checkArgument(args.get(at), false);
        }
        for (String script : scripts) {
            SedScript.risk(script).ifPresent(inspection::approve);
        }
    }

    void awk(String named, List<Word> args) {
        boolean programGiven = false;
        for (int at = 0; at < args.size(); at++) {
            Optional<String> text = text(args.get(at));
            String t = text.orElse("");
            if (text.isEmpty()) {
                inspection.approve(named + " is given a value that comes from an expansion: " + args.get(at).display());
            } else if (t.equals("-f") || t.startsWith("--file") || t.equals("-i") || t.startsWith("--include")
                    || t.equals("-l") || t.startsWith("--load") || t.startsWith("-E") || t.startsWith("--exec")) {
                inspection.approve(named + " " + t + " runs a program from a file or an extension");
                programGiven = true;
            } else if ((t.equals("-v") || t.equals("-F")) && at + 1 < args.size()) {
                inspection.checkArgument(args.get(++at), true);
                continue;
            } else if (!t.startsWith("-") && !programGiven) {
                programGiven = true;
                if (AWK_EFFECTS.matcher(t).find()) {
                    inspection.approve(named + "'s program can write files or run commands (it uses system, getline,"
                            + " a pipe or an output redirection)");
                }
                continue;
            }
            inspection.checkArgument(args.get(at), false);
        }
    }

    /** The value given to {@code flag} ({@code -c 'code'}), when it is known text. */
    private Optional<String> option(List<Word> args, String flag) {
        for (int at = 0; at + 1 < args.size(); at++) {
            if (text(args.get(at)).map(flag::equals).orElse(false)) {
                return inspection.text(args.get(at + 1));
            }
        }
        return Optional.empty();
    }

    private boolean isOption(Word word) {
        return text(word).map(t -> t.startsWith("-")).orElse(false);
    }

    private Optional<String> text(Word word) {
        return inspection.text(word);
    }
}
