package dev.agentls.cli;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.acp.AcpAgent;
import dev.agentls.acp.AcpConnection;
import dev.agentls.acp.AcpWorkspaces;
import dev.agentls.config.ParsedSettings;
import dev.agentls.config.SettingsException;
import dev.agentls.config.SettingsFlags;
import dev.agentls.config.SettingsParser;
import dev.agentls.session.McpWiring;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code agentls acp [--settings FILE] [model flags]}: the agent as an Agent Client Protocol server on stdin/stdout
 * (newline-delimited JSON-RPC), for editors' agent panels. The model flags and settings file are {@code agentls
 * run}'s; the key comes from the environment as there. Nothing but protocol goes to stdout: {@code System.out} is
 * pointed at stderr while it serves, and logs go to stderr.
 */
final class AcpCommand implements Subcommand {

    private static final String USAGE = "usage: agentls acp [--settings FILE] [model flags: --provider, --base-url,"
            + " --model, --api-key-env, ...; as agentls run]";

    private final InputStream stdin;
    private final McpWiring mcp;

    AcpCommand(InputStream stdin, McpWiring mcp) {
        this.stdin = stdin;
        this.mcp = mcp;
    }

    @Override
    public String name() {
        return "acp";
    }

    @Override
    public CommandHelp help() {
        java.util.List<CommandHelp.Option> options = new java.util.ArrayList<>(java.util.List.of(
                new CommandHelp.Option("--settings", "FILE", "none", "a settings section, as agentls run takes it")));
        options.addAll(RunOptions.settingsFlagHelp());
        return new CommandHelp(USAGE, "Serves the agent over the Agent Client Protocol on stdin/stdout, for editors'"
                + " agent panels.", options);
    }

    @Override
    public String summary() {
        return "serve the agent over the Agent Client Protocol on stdio (editors' agent panels; --settings FILE and"
                + " model flags as run)";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        ParsedSettings settings = settings(args, err);
        if (settings == null) {
            return 1;
        }
        settings.warnings().forEach(w -> err.println("agentls acp: warning: " + ShownArgument.redactKeys(w)));
        ExecutorService work = DaemonThreads.pool("agentls-acp");
        AcpConnection connection = new AcpConnection(out, err);
        AcpWorkspaces workspaces = new AcpDiskWorkspaces(settings.settings(), mcp, err);
        String version = Main.class.getPackage().getImplementationVersion();
        AcpAgent agent = new AcpAgent(connection, workspaces, work, settings.settings().llm().contextWindow(),
                version == null ? "dev" : version);
        PrintStream previous = System.out;
        System.setOut(err);
        try {
            connection.serve(stdin, agent);
            return 0;
        } catch (IOException e) {
            err.println("agentls acp: cannot read the client: " + e.getMessage());
            return 1;
        } finally {
            System.setOut(previous);
            work.shutdownNow();
        }
    }

    /** The settings of the flags over {@code --settings FILE}; null (said on stderr) when the file cannot be used. */
    private static ParsedSettings settings(String[] args, PrintStream err) throws UsageException {
        SettingsFlags.Result flags;
        try {
            flags = new SettingsFlags(new SettingsParser()).parse(List.of(args));
        } catch (SettingsException e) {
            throw new UsageException(String.join("; ", e.errors()));
        }
        Path file = null;
        List<String> rest = flags.remaining();
        for (int i = 0; i < rest.size(); i++) {
            if (rest.get(i).equals("--settings") && i + 1 < rest.size() && file == null) {
                file = Path.of(rest.get(++i)).toAbsolutePath();
            } else {
                throw UsageException.unknownOption(rest.get(i), USAGE);
            }
        }
        if (file == null) {
            return flags.settings();
        }
        try {
            ParsedSettings parsed = SettingsFile.read(file).underFlags(List.of(args));
            List<String> warnings = new ArrayList<>();
            Path shown = file;
            parsed.warnings().forEach(w -> warnings.add("--settings " + shown + ": " + w));
            return new ParsedSettings(parsed.settings(), warnings);
        } catch (SettingsFileException e) {
            err.println("agentls acp: " + ShownArgument.redactKeys(e.getMessage()));
            return null;
        }
    }
}
