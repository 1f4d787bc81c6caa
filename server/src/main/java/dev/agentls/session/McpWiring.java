package dev.agentls.session;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.ConfigHome;
import dev.agentls.host.Host;
import dev.agentls.mcp.McpConfigLoader;
import dev.agentls.mcp.McpServers;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolSet;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * How the composition root gives a workspace its MCP servers: the user's file in the configuration folder, {@code ${VAR}}
 * from the process environment, the server log on stderr (never stdout, which may carry protocol bytes), and a run's
 * tool set made of the standard tools plus the servers' tools, gathered when the run first needs them.
 */
public final class McpWiring {

    private final Path userFile;
    private final Map<String, String> environment;
    private final PrintStream log;

    /**
     * @param home        the user's home folder, under which {@code .config/agentls/mcp.json} is read
     * @param environment the variables {@code ${VAR}} in entries reads
     * @param log         the server log: the servers' lifecycle, problems and stderr
     */
    public McpWiring(Path home, Map<String, String> environment, PrintStream log) {
        // Named here, not through McpConfigLoader.userFileUnder: loading that class makes its Jackson mapper
        // (HeadlessWorkspaceStartTest checks the two paths agree).
        this(environment, log, home.resolve(".config").resolve("agentls").resolve("mcp.json"));
    }

    private McpWiring(Map<String, String> environment, PrintStream log, Path userFile) {
        this.userFile = userFile;
        this.environment = Map.copyOf(environment);
        this.log = log;
    }

    /** The user's servers from {@code userFile} (the command line names it from $XDG_CONFIG_HOME or $HOME). */
    public static McpWiring forUserFile(Path userFile, Map<String, String> environment, PrintStream log) {
        return new McpWiring(environment, log, userFile);
    }

    /** The process's: {@code mcp.json} in the user's configuration folder ({@link ConfigHome}). */
    public static McpWiring ofProcess(PrintStream log) {
        Map<String, String> environment = System.getenv();
        return new McpWiring(environment, log, ConfigHome.directory(environment).resolve("mcp.json"));
    }

    /**
     * Whether any MCP server may be configured for these roots and settings: the user's file or a root's
     * {@code .mcp.json} exists, or the settings name servers. Two stats, no JSON read: without any, a run makes
     * nothing of MCP (its configuration reader alone builds a Jackson mapper).
     */
    public boolean configured(List<Path> roots, AgentLsSettings settings) {
        if (settings.mcp().servers().isPresent() || Files.exists(userFile)) {
            return true;
        }
        return roots.stream().anyMatch(root -> Files.exists(root.resolve(McpConfigLoader.PROJECT_FILE)));
    }

    /**
     * The servers of one workspace. They stop when their owner closes them, and at the latest when the process ends
     * (an LSP session ends with the process; a stdio server also ends when its stdin closes).
     */
    public McpServers servers(List<Path> roots) {
        McpServers servers = new McpServers(new McpConfigLoader(userFile, environment),
                roots, line -> log.println("agentls: " + line));
        Runtime.getRuntime().addShutdownHook(new Thread(servers::close, "agentls-mcp-stop"));
        return servers;
    }

    /** The standard tools, then the MCP tools of the run's settings, started (and trusted) through {@code host}. */
    public static ToolSet toolsFor(List<Tool> standard, McpServers servers, AgentLsSettings settings, Host host) {
        return new ToolSet(standard, cancellation -> servers.toolsFor(settings.mcp(), settings.llm().toolMode(), host,
                cancellation));
    }

    /** As {@link #toolsFor(List, McpServers, AgentLsSettings, Host)}, with servers still being made elsewhere. */
    public static ToolSet toolsFor(List<Tool> standard, CompletableFuture<McpServers> servers, AgentLsSettings settings,
                            Host host) {
        return new ToolSet(standard, cancellation -> servers.join().toolsFor(settings.mcp(),
                settings.llm().toolMode(), host, cancellation));
    }

    /** {@code {"servers": [...], "problems": [...]}}: what {@code agentls.mcp} and {@code agentls mcp list} show. */
    public static ObjectNode status(McpServers servers, AgentLsSettings settings) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        var list = answer.putArray("servers");
        servers.status(settings.mcp()).forEach(s -> list.add(s.toJson()));
        var problems = answer.putArray("problems");
        servers.problems().forEach(problems::add);
        return answer;
    }
}
