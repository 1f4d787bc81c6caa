package dev.agentls.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code agentls} command: dispatches to one {@link Subcommand} per verb. Adding a verb means adding one entry
 * to {@link #subcommands()}; each verb owns its own flag parsing and help.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        // lsp mode returns only when the client exits; everything else finishes here.
        System.exit(status);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, Subcommand> verbs = subcommands();
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            usage(verbs, args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        Subcommand verb = verbs.get(args[0]);
        if (verb == null) {
            err.println("agentls: unknown command '" + ShownArgument.of(args[0]) + "'");
            usage(verbs, err);
            return 2;
        }
        try {
            return verb.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        } catch (UsageException e) {
            // Every usage message passes the key filter, whoever quoted an argument in it.
            err.println("agentls " + args[0] + ": " + ShownArgument.redactKeys(e.getMessage()));
            return 2;
        }
    }

    static Map<String, Subcommand> subcommands() {
        Map<String, Subcommand> verbs = new TreeMap<>();
        register(verbs, new VersionCommand());
        register(verbs, new ApplyCommand(System.in));
        register(verbs, new LspCommand(System.in, System.getenv()));
        register(verbs, new ReplayModelCommand());
        register(verbs, new RunCommand(System.in, RunCommand.Terminal.ofProcess()));
        register(verbs, new EditCorpusCommand());
        register(verbs, new ConversationsCommand());
        return verbs;
    }

    private static void register(Map<String, Subcommand> verbs, Subcommand verb) {
        verbs.put(verb.name(), verb);
    }

    private static void usage(Map<String, Subcommand> verbs, PrintStream to) {
        to.println("usage: agentls <command> [options]");
        to.println();
        verbs.values().stream().filter(v -> !v.hidden()).forEach(v -> to.printf("  %-14s %s%n", v.name(), v.summary()));
    }
}
