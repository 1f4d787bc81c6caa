package dev.agentls.tools.command;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The commands that may run without the user's approval: they only read files and print, and none of them runs a
 * program it is given. Some have options that write or run something after all ({@code sort -o}, {@code rg --pre},
 * {@code less +!cmd}); {@link #risk} names them. Every other command asks. Data and option checks only;
 * {@link CommandRules} applies them.
 */
final class ReadOnlyCommands {

    private ReadOnlyCommands() {}

    private static final Set<String> NAMES = Set.of(
            "ls", "dir", "vdir", "pwd", "tree", "cat", "tac", "nl", "head", "tail", "less", "more", "wc", "grep",
            "egrep", "fgrep", "rg", "file", "stat", "du", "df", "sort", "uniq", "cut", "tr", "paste", "column",
            "fold", "fmt", "rev", "comm", "join", "diff", "cmp", "md5sum", "sha1sum", "sha224sum", "sha256sum",
            "sha384sum", "sha512sum", "b2sum", "cksum", "base64", "od", "hexdump", "xxd", "strings", "jq", "echo",
            "printf", "true", "false", "test", "[", "[[", ":", "date", "whoami", "id", "groups", "uname", "hostname",
            "which", "type", "basename", "dirname", "realpath", "readlink", "seq", "expr", "sleep", "printenv", "ps",
            "uptime", "free", "nproc", "arch", "locale", "tty", "cd", "pushd", "popd", "dirs", "export", "declare",
            "local", "readonly", "typeset", "unset", "set", "shift", "return", "exit", "wait", "let", "read", "hash",
            "getconf", "clear", "env", "((", "find", "sed", "awk", "gawk", "mawk", "nawk", "git");

    /** Read-only themselves; the command they run ({@code timeout 60 ls}) is checked in its own right. */
    static final Set<String> WRAPPERS = Set.of("command", "builtin", "exec", "time", "nice", "ionice", "stdbuf",
            "timeout");

    /** True when {@code command} is on the list (its options and the commands it wraps are checked apart). */
    static boolean contains(String command) {
        return NAMES.contains(command) || WRAPPERS.contains(command);
    }

    /**
     * Why this use of a listed command writes a file or runs a program after all, or empty when it does not.
     * {@code args} are the arguments' texts, {@code null} for one whose value is unknown.
     */
    static Optional<String> risk(String command, List<String> args) {
        List<String> operands = args.stream().filter(a -> a == null || !a.startsWith("-")).toList();
        return switch (command) {
            case "sort" -> any(args, "-o", "--output", "--compress-program")
                    .map(o -> "`sort " + o + "` writes a file or runs a program");
            case "uniq" -> operands.size() > 1 ? Optional.of("`uniq` writes its second operand") : Optional.empty();
            case "xxd" -> operands.size() > 1 ? Optional.of("`xxd` writes its second operand") : Optional.empty();
            case "tree" -> any(args, "-o", "-R").map(o -> "`tree " + o + "` writes files");
            case "file" -> any(args, "-C", "--compile").map(o -> "`file " + o + "` writes a magic file");
            case "rg" -> any(args, "--pre").map(o -> "`rg --pre` runs a program on every file it searches");
            case "date" -> any(args, "-s", "--set").map(o -> "`date " + o + "` sets the system clock");
            case "hostname" -> !operands.isEmpty() || any(args, "-F", "--file").isPresent()
                    ? Optional.of("`hostname` with an operand sets the host name") : Optional.empty();
            case "hash" -> any(args, "-p").map(o -> "`hash -p` makes a command name run another program");
            case "less", "more" -> args.stream().anyMatch(a -> a == null || a.startsWith("+")
                    || a.matches("-[a-zA-Z]*[oO].*|--log-file.*|--LOG-FILE.*"))
                    ? Optional.of("`" + command + "` with `+` commands or a log file may run a command or write a file")
                    : Optional.empty();
            case "set" -> args.stream().anyMatch(a -> a == null || a.equals("--") || !(a.startsWith("-")
                    || a.startsWith("+")))
                    ? Optional.of("`set` with operands changes the positional parameters, which the check cannot"
                    + " follow") : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** The first of {@code options} used: alone, after {@code =}, or as a letter of a short-flag cluster. */
    private static Optional<String> any(List<String> args, String... options) {
        for (String arg : args) {
            if (arg == null) {
                continue;
            }
            for (String option : options) {
                // Short flags cluster (-ro FILE): a cluster holding the letter counts, glued value or not.
                boolean clustered = option.length() == 2 && arg.length() > 1 && arg.charAt(0) == '-'
                        && arg.charAt(1) != '-' && arg.indexOf(option.charAt(1)) > 0;
                if (arg.equals(option) || arg.startsWith(option + "=") || clustered) {
                    return Optional.of(option);
                }
            }
        }
        return Optional.empty();
    }
}
