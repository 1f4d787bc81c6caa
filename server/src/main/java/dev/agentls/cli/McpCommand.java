package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.ParsedSettings;
import dev.agentls.mcp.McpServers;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code agentls mcp list [--root DIR] [--settings FILE] [--start] [--json]}: the MCP servers configured for DIR (its
 * {@code .mcp.json}, the user's file, and {@code agentls.mcp.servers} of the settings FILE holds: the editor's
 * settings as it sends them, parsed by the same parser), their state and, with {@code --start}, their tools.
 * {@code --start} starts only servers that need no question: a project's entry the user has not trusted yet stays
 * unstarted. Exit status 1 when a configured entry was refused or a started server failed; 2 for bad options or a
 * settings file that cannot be used.
 */
final class McpCommand implements Subcommand {

    private static final String USAGE = "usage: agentls mcp list [--root DIR] [--settings FILE] [--start] [--json]";
    private final McpWiring wiring;

    McpCommand(McpWiring wiring) {
        this.wiring = wiring;
    }

    @Override
    public String name() {
        return "mcp";
    }

    @Override
    public String summary() {
        return "list the MCP servers configured for a workspace, their state and tools";
    }

    @Override
    public CommandHelp help() {
        return new CommandHelp(USAGE, "Lists the MCP servers configured for a workspace (the user's mcp.json, the"
                + " workspace's .mcp.json, --settings), their state and, with --start, their tools.",
                List.of(new CommandHelp.Option("--root", "DIR", "the current folder", "the workspace folder"),
                        new CommandHelp.Option("--settings", "FILE", "none", "a settings section naming servers"),
                        new CommandHelp.Option("--start", "", "off", "start each server and list its tools"),
                        new CommandHelp.Option("--json", "", "off", "print JSON instead of text")));
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        if (rest.isEmpty() || !rest.remove(0).equals("list")) {
            throw new UsageException(USAGE);
        }
        Path root = Path.of("").toAbsolutePath();
        Path settingsFile = null;
        boolean start = false;
        boolean json = false;
        for (int i = 0; i < rest.size(); i++) {
            switch (rest.get(i)) {
                case "--start" -> start = true;
                case "--json" -> json = true;
                case "--root" -> {
                    if (i + 1 >= rest.size()) {
                        throw new UsageException("--root needs a folder; " + USAGE);
                    }
                    root = Path.of(rest.get(++i)).toAbsolutePath();
                }
                case "--settings" -> {
                    if (i + 1 >= rest.size()) {
                        throw new UsageException("--settings needs a file; " + USAGE);
                    }
                    settingsFile = Path.of(rest.get(++i)).toAbsolutePath();
                }
                default -> throw UsageException.unknownOption(rest.get(i), USAGE);
            }
        }
        if (!Files.isDirectory(root)) {
            throw new UsageException("--root " + root + " is not a folder");
        }
        AgentLsSettings settings = settingsFile == null ? AgentLsSettings.defaults() : settings(settingsFile, err);
        try (McpServers servers = wiring.servers(List.of(root))) {
            if (start) {
                servers.startTrusted(settings.mcp());
            }
            ObjectNode status = McpWiring.status(servers, settings);
            if (json) {
                out.println(status.toPrettyString());
            } else {
                print(status, out);
            }
            boolean failed = false;
            for (JsonNode server : status.path("servers")) {
                failed |= server.path("state").asText().equals("failed");
            }
            return status.path("problems").isEmpty() && !failed ? 0 : 1;
        }
    }

    /** The settings of {@code file} (see {@link SettingsFile} for the forms it takes), its warnings on stderr. */
    private static AgentLsSettings settings(Path file, PrintStream err) throws UsageException {
        ParsedSettings parsed = SettingsFile.read(file).parse();
        parsed.warnings().forEach(w -> err.println("agentls mcp: " + file + ": " + w));
        return parsed.settings();
    }

    private static void print(ObjectNode status, PrintStream out) {
        if (status.path("servers").isEmpty()) {
            out.println("no MCP servers configured (.mcp.json in the workspace, ~/.config/agentls/mcp.json, or"
                    + " agentls.mcp.servers in settings)");
        }
        for (JsonNode server : status.path("servers")) {
            out.println(server.path("name").asText() + "  " + server.path("state").asText() + "  ("
                    + server.path("origin").asText() + ": " + server.path("source").asText() + ")");
            out.println("  " + server.path("transport").asText() + ": " + server.path("target").asText());
            if (server.has("reason")) {
                out.println("  " + server.path("reason").asText());
            }
            for (JsonNode tool : server.path("tools")) {
                String description = tool.path("description").asText().strip().replaceAll("\\s+", " ");
                out.println("  - " + tool.path("exposedAs").asText()
                        + (description.isEmpty() ? "" : ": " + (description.length() > 100
                        ? description.substring(0, 100) + "\u2026" : description)));
            }
        }
        for (JsonNode problem : status.path("problems")) {
            out.println("problem: " + problem.asText());
        }
    }
}
