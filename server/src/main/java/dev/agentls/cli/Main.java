package dev.agentls.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The {@code agentls} command: dispatches to one {@link Subcommand} per verb. Adding a verb means adding one entry
 * to {@link #verbs()}; each verb owns its own flag parsing and help. Only the verb asked for is built: building them
 * all up front loaded Jackson and every verb's classes before even {@code agentls version} could answer, and the
 * start-up of {@code agentls lsp} and {@code agentls run} is measured against a JVM hello-world.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        // lsp mode returns only when the client exits; everything else finishes here.
        System.exit(status);
    }

    /** A verb's name and how to build it; the name is checked against the built verb's own by a test. */
    record Verb(String name, Supplier<Subcommand> build) {}

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        Optional<Verb> named = verbs().stream().filter(v -> v.name().equals(args[0])).findFirst();
        if (named.isEmpty()) {
            err.println("agentls: unknown command '" + ShownArgument.of(args[0]) + "'");
            usage(err);
            return 2;
        }
        try {
            return named.get().build().get().run(Arrays.copyOfRange(args, 1, args.length), out, err);
        } catch (UsageException e) {
            // Every usage message passes the key filter, whoever quoted an argument in it.
            err.println("agentls " + args[0] + ": " + ShownArgument.redactKeys(e.getMessage()));
            return 2;
        }
    }

    static List<Verb> verbs() {
        return List.of(
                new Verb("version", VersionCommand::new),
                new Verb("apply", () -> new ApplyCommand(System.in)),
                new Verb("lsp", () -> new LspCommand(System.in, System.getenv())),
                new Verb("replay-model", ReplayModelCommand::new),
                new Verb("run", () -> new RunCommand(System.in, RunCommand.Terminal.ofProcess())),
                new Verb("edit-corpus", EditCorpusCommand::new),
                new Verb("conversations", ConversationsCommand::new),
                new Verb("mcp", () -> new McpCommand(McpWiring.ofProcess(System.err))));
    }

    /** Every verb, built, by name: only the usage listing needs them all. */
    static Map<String, Subcommand> subcommands() {
        Map<String, Subcommand> built = new TreeMap<>();
        verbs().forEach(v -> built.put(v.name(), v.build().get()));
        return built;
    }

    private static void usage(PrintStream to) {
        to.println("usage: agentls <command> [options]");
        to.println();
        subcommands().values().stream().filter(v -> !v.hidden())
                .forEach(v -> to.printf("  %-14s %s%n", v.name(), v.summary()));
    }
}
