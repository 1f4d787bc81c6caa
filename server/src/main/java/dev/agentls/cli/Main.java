package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code agentls} command: dispatches to one {@link Subcommand} per verb. Adding a verb means adding its name
 * to {@link #VERBS} and its case to {@link #build}; each verb owns its own flag parsing and help. Only the verb asked
 * for is built: building them all up front loaded Jackson and every verb's classes before even {@code agentls
 * version} could answer, and the start-up of {@code agentls lsp} and {@code agentls run} is measured against a JVM
 * hello-world. A plain switch rather than a table of lambdas: the first lambdas of a process cost it the set-up of
 * {@code java.lang.invoke} (method handles spun at run time, which the class-data archive does not hold), and every
 * start of an editor's server paid it before reading a byte.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        // A terminal run's log records go to a file: the terminal's lines are the live view's and the questions'.
        Optional<LogFile> log = logsToFile(args)
                ? Optional.of(LogFile.install(LogFile.place(System.getenv(), System.getProperty("user.home"))))
                : Optional.empty();
        int status = run(args, System.out, System.err);
        log.flatMap(LogFile::notice).ifPresent(System.err::println);
        // lsp mode returns only when the client exits; everything else finishes here.
        System.exit(status);
    }

    /** {@code run}, {@code chat} and a bare prompt: the verbs a person watches on a terminal. */
    static boolean logsToFile(String[] args) {
        return args.length > 0 && (args[0].equals("run") || args[0].equals("chat")
                || !VERBS.contains(args[0]) && args[0].chars().anyMatch(Character::isWhitespace));
    }

    /** Every verb's name, in the usage listing's order; {@link #build} makes each. */
    static final List<String> VERBS = List.of("version", "apply", "lsp", "replay-model", "run", "chat",
            "edit-corpus", "conversations", "mcp", "acp", "undo", "rollback");

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        if (!VERBS.contains(args[0]) && args[0].chars().anyMatch(Character::isWhitespace)) {
            // `agentls "fix the failing test"`: a quoted prompt of several words is a run in the current folder.
            String[] run = new String[args.length + 1];
            run[0] = "run";
            System.arraycopy(args, 0, run, 1, args.length);
            return run(run, out, err);
        }
        Optional<Subcommand> named = build(args[0]);
        if (named.isEmpty()) {
            err.println("agentls: unknown command '" + ShownArgument.of(args[0]) + "'"
                    + Suggestions.closest(args[0], VERBS).map(v -> "; did you mean '" + v + "'?").orElse(""));
            usage(err);
            return 2;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (asksForHelp(rest)) {
            out.print(named.get().help().text());
            return 0;
        }
        try {
            return named.get().run(rest, out, err);
        } catch (UsageException e) {
            // Every usage message passes the key filter, whoever quoted an argument in it.
            err.println("agentls " + args[0] + ": " + ShownArgument.redactKeys(e.getMessage()));
            if (e.unknown().isPresent()) {
                Suggestions.closest(e.unknown().get(), named.get().help().optionNames())
                        .ifPresent(near -> err.println("did you mean '" + near + "'?"));
                err.println("('agentls " + args[0] + " --help' lists every option)");
            }
            return 2;
        }
    }

    /** {@code --help} or {@code -h} anywhere among a verb's arguments, but not as the text of a prompt flag. */
    static boolean asksForHelp(String[] args) {
        for (int i = 0; i < args.length; i++) {
            boolean help = args[i].equals("--help") || args[i].equals("-h");
            boolean promptText = i > 0 && (args[i - 1].equals("-p") || args[i - 1].equals("--prompt"));
            if (help && !promptText) {
                return true;
            }
        }
        return false;
    }

    /** The verb of this name, built; empty for a name that is none. */
    static Optional<Subcommand> build(String name) {
        Subcommand verb = switch (name) {
            case "version" -> new VersionCommand();
            case "apply" -> new ApplyCommand(System.in);
            case "lsp" -> new LspCommand(System.in, System.getenv());
            case "replay-model" -> new ReplayModelCommand();
            case "run" -> new RunCommand(System.in, RunCommand.Terminal.ofProcess(), McpWiring.ofProcess(System.err),
                    RunContext.ofProcess());
            case "chat" -> new ChatCommand(System.in, RunCommand.Terminal.ofProcess(), McpWiring.ofProcess(System.err),
                    RunContext.ofProcess());
            case "edit-corpus" -> new EditCorpusCommand();
            case "conversations" -> new ConversationsCommand();
            case "mcp" -> new McpCommand(McpWiring.ofProcess(System.err));
            case "acp" -> new AcpCommand(System.in, McpWiring.ofProcess(System.err));
            case "undo" -> new UndoCommand(false, RunContext.ofProcess());
            case "rollback" -> new UndoCommand(true, RunContext.ofProcess());
            default -> null;
        };
        return Optional.ofNullable(verb);
    }

    /** Every verb, built, by name: only the usage listing needs them all. */
    static Map<String, Subcommand> subcommands() {
        Map<String, Subcommand> built = new TreeMap<>();
        for (String name : VERBS) {
            built.put(name, build(name).orElseThrow());
        }
        return built;
    }

    private static void usage(PrintStream to) {
        to.println("usage: agentls <command> [options]");
        to.println();
        subcommands().values().stream().filter(v -> !v.hidden())
                .forEach(v -> to.printf("  %-14s %s%n", v.name(), v.summary()));
    }
}
