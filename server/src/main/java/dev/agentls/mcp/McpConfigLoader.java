package dev.agentls.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the MCP configuration of a workspace from its three places: the user's file ({@code ~/.config/agentls/
 * mcp.json}, its path injected so tests never touch the real home), {@code .mcp.json} at each root, and
 * {@code agentls.mcp.servers} in settings, later ones overriding earlier ones by server name. A file that is missing
 * is no configuration; one that cannot be read or is not JSON is a problem naming it, and the rest still loads.
 */
public final class McpConfigLoader {

    public static final String PROJECT_FILE = ".mcp.json";
    /** A larger file is not read: a configuration is a few servers. */
    static final long MAX_FILE_BYTES = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path userFile;
    private final McpConfigParser parser;

    /**
     * @param userFile    the user's configuration file (it need not exist)
     * @param environment the variables {@code ${VAR}} reads
     */
    public McpConfigLoader(Path userFile, Map<String, String> environment) {
        this.userFile = userFile;
        this.parser = new McpConfigParser(new VariableExpansion(environment));
    }

    /** The user's file under a home folder: {@code <home>/.config/agentls/mcp.json}. */
    public static Path userFileUnder(Path home) {
        return home.resolve(".config").resolve("agentls").resolve("mcp.json");
    }

    public McpConfig load(List<Path> roots, Optional<JsonNode> settingsServers) {
        Map<String, McpServerEntry> byName = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        readFile(userFile, McpServerEntry.Origin.Kind.USER, byName, problems);
        for (Path root : roots) {
            readFile(root.resolve(PROJECT_FILE), McpServerEntry.Origin.Kind.PROJECT, byName, problems);
        }
        settingsServers.ifPresent(servers -> add(parser.parse(servers, new McpServerEntry.Origin(
                McpServerEntry.Origin.Kind.SETTINGS, Optional.empty())), byName, problems));
        return new McpConfig(List.copyOf(byName.values()), problems);
    }

    private void readFile(Path file, McpServerEntry.Origin.Kind kind, Map<String, McpServerEntry> byName,
                          List<String> problems) {
        if (!Files.isRegularFile(file)) {
            return;
        }
        JsonNode root;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                problems.add(file + ": " + size + " bytes, more than the " + MAX_FILE_BYTES
                        + " an MCP configuration may have; not read");
                return;
            }
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            problems.add(file + ": not valid JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + "): " + e.getOriginalMessage() + "; no server of it is used");
            return;
        } catch (IOException e) {
            problems.add(file + ": cannot be read (" + e.getMessage() + "); no server of it is used");
            return;
        }
        McpServerEntry.Origin origin = new McpServerEntry.Origin(kind, Optional.of(file));
        if (root == null || !root.isObject()) {
            problems.add(file + ": must be a JSON object with \"mcpServers\"; no server of it is used");
            return;
        }
        add(parser.parse(root.get("mcpServers"), origin), byName, problems);
    }

    private static void add(McpConfigParser.Parsed parsed, Map<String, McpServerEntry> byName,
                            List<String> problems) {
        parsed.entries().forEach(entry -> {
            byName.remove(entry.name());
            byName.put(entry.name(), entry);
        });
        problems.addAll(parsed.problems());
    }
}
