package dev.agentls.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Configuration entries the MCP tests start servers from. */
final class McpFixtures {

    static final ObjectMapper JSON = new ObjectMapper();

    private McpFixtures() {}

    /** A stdio entry starting {@link SdkTestServer} in a child JVM on the test class path. */
    static ObjectNode sdkServerEntry() {
        ObjectNode entry = JSON.createObjectNode();
        entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        ArrayNode args = entry.putArray("args");
        args.add("-Xshare:auto").add("-XX:TieredStopAtLevel=1").add("-cp").add(System.getProperty("java.class.path"))
                .add(SdkTestServer.class.getName());
        return entry;
    }

    /** Writes {@code {"mcpServers": {name: entry}}} as the root's {@code .mcp.json}. */
    static void writeProjectConfig(Path root, String name, ObjectNode entry) throws IOException {
        ObjectNode file = JSON.createObjectNode();
        file.putObject("mcpServers").set(name, entry);
        Files.writeString(root.resolve(".mcp.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(file));
    }

    static ObjectNode servers(String name, ObjectNode entry) {
        ObjectNode servers = JSON.createObjectNode();
        servers.set(name, entry);
        return servers;
    }

    static List<String> lines(String text) {
        return List.of(text.split("\n"));
    }
}
