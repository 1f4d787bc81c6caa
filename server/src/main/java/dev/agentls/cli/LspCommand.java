package dev.agentls.cli;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.session.WorkspaceTools;
import dev.agentls.session.WorkspaceAgents;
import dev.agentls.config.SettingsException;
import dev.agentls.config.SettingsFlags;
import dev.agentls.config.SettingsParser;
import dev.agentls.lsp.CommandLineSettings;
import dev.agentls.lsp.LspServerLauncher;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * {@code agentls lsp [--port N] [settings flags]}: the language server on stdin/stdout, or on one connection to
 * 127.0.0.1:N. The settings flags (those of the README's settings table) are the base the editor's settings are laid
 * over; a bad flag, or a key given as a flag, stops it before it serves, with every problem named. While it serves,
 * {@code System.out} is pointed at stderr so that a stray print can never corrupt the protocol stream.
 */
final class LspCommand implements Subcommand {

    private final InputStream stdin;
    private final Map<String, String> environment;

    /** @param environment what commands the agent runs inherit, key variables taken out ({@code System.getenv()}) */
    LspCommand(InputStream stdin, Map<String, String> environment) {
        this.stdin = stdin;
        this.environment = environment;
    }

    @Override
    public String name() {
        return "lsp";
    }

    @Override
    public String summary() {
        return "run the language server on stdio (or --port N: on 127.0.0.1:N)";
    }

    @Override
    public CommandHelp help() {
        List<CommandHelp.Option> options = new java.util.ArrayList<>(List.of(
                new CommandHelp.Option("--port", "N", "stdio", "listen on 127.0.0.1:N instead of stdin/stdout"),
                new CommandHelp.Option("--stdio", "", "on", "accepted for clients that pass it")));
        options.addAll(RunOptions.settingsFlagHelp());
        return new CommandHelp("usage: agentls lsp [--port N] [settings flags]", "The language server an editor"
                + " starts: LSP on stdin/stdout (nothing else is written there). The settings flags give defaults"
                + " the editor's settings override.", options);
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        // Flags are checked before serving, so a bad one stops the server with every problem named. Without any (how
        // editors start it) there is nothing to refuse, and the default settings are made after the initialize
        // answer, with the rest of the wiring: parsing them is the settings parser's first use of lambdas and method
        // handles, paid on the way to that answer otherwise.
        SettingsFlags.Result given = onlyStdio(args) ? null : parseFlags(args);
        Integer port = given == null ? null : port(given.remaining());
        Set<String> keyVariables = ConcurrentHashMap.newKeySet();
        // Built once the initialize answer is out (the launcher calls it then): nothing of it is in that answer.
        Supplier<LspServerLauncher.SessionWiring> wiring = () -> {
            SettingsFlags.Result flags = given != null ? given : defaults();
            // Filled by each session as it takes settings into use; read by the command runner at each command.
            keyVariables.add(flags.settings().settings().llm().apiKeyEnv());
            HeapTuning.forLongRunningServer();
            WorkspaceTools tools = ProcessWiring.tools(environment, keyVariables);
            ExecutorService runs = DaemonThreads.pool("agentls-run");
            WorkspaceAgents agents = new WorkspaceAgents(tools, ProcessWiring.models(runs), runs,
                    Clock.systemUTC());
            return new LspServerLauncher.SessionWiring(tools, agents,
                    new CommandLineSettings(flags.section(), keyVariables::add));
        };
        LspServerLauncher launcher = new LspServerLauncher(err, wiring);
        PrintStream previous = System.out;
        System.setOut(err);
        try {
            if (port == null) {
                return launcher.serve(stdin, out);
            }
            return launcher.serveOnPort(port, actual -> err.println("agentls lsp: listening on 127.0.0.1:" + actual));
        } catch (IOException e) {
            err.println("agentls lsp: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
            return 1;
        } finally {
            System.setOut(previous);
        }
    }

    private static boolean onlyStdio(String[] args) {
        for (String arg : args) {
            if (!arg.equals("--stdio")) {
                return false;
            }
        }
        return true;
    }

    private static SettingsFlags.Result parseFlags(String[] args) throws UsageException {
        try {
            return new SettingsFlags(new SettingsParser()).parse(List.of(args));
        } catch (SettingsException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static SettingsFlags.Result defaults() {
        try {
            return new SettingsFlags(new SettingsParser()).parse(List.of());
        } catch (SettingsException e) {
            throw new IllegalStateException("the default settings were refused: " + e.getMessage(), e);
        }
    }

    /** The port of {@code --port N}, null for stdio; anything else left over is a usage error. */
    private static Integer port(List<String> rest) throws UsageException {
        Integer port = null;
        for (int i = 0; i < rest.size(); i++) {
            if (rest.get(i).equals("--port")) {
                if (i + 1 >= rest.size()) {
                    throw new UsageException("--port needs a number");
                }
                port = parsePort(rest.get(++i));
            } else if (rest.get(i).equals("--stdio")) {
                // What some clients pass by habit; stdio is the default.
            } else {
                throw UsageException.unknownOption(rest.get(i),
                        "usage: agentls lsp [--port N] [settings flags, see agentls lsp --help]");
            }
        }
        return port;
    }

    private static int parsePort(String text) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new UsageException("--port must be 0-65535, got " + text);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageException("--port must be a number, got '" + ShownArgument.of(text) + "'");
        }
    }
}
