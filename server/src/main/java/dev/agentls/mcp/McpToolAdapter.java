package dev.agentls.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.Arguments;
import dev.agentls.tools.Parameter;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * One MCP server's tool as an agent tool, for native tool calling: named {@code mcp__<server>__<tool>}, described
 * by the server, with the server's own JSON Schema. Its parameters (every property of that schema, any JSON value,
 * required as the schema says) let the tool set refuse unknown and missing ones; the server checks the rest.
 */
final class McpToolAdapter implements Tool {

    /** Providers accept tool names of at most 64 characters from {@code [a-zA-Z0-9_-]}. */
    static final int MAX_NAME = 64;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final McpConnection connection;
    private final RemoteTool tool;
    private final String name;
    private final List<Parameter> parameters;

    McpToolAdapter(McpConnection connection, RemoteTool tool) {
        this.connection = connection;
        this.tool = tool;
        this.name = exposedName(connection.entry().name(), tool.name());
        this.parameters = parametersOf(tool.inputSchema());
    }

    /** {@code mcp__<server>__<tool>}, other characters as {@code _}; a name too long is cut and made unique. */
    static String exposedName(String server, String tool) {
        String name = "mcp__" + server + "__" + tool.replaceAll("[^A-Za-z0-9_-]", "_");
        if (name.length() <= MAX_NAME) {
            return name;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(tool.getBytes(StandardCharsets.UTF_8));
            return name.substring(0, MAX_NAME - 9) + "_" + HexFormat.of().formatHex(hash).substring(0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Parameter> parametersOf(ObjectNode schema) {
        Set<String> required = new HashSet<>();
        schema.path("required").forEach(item -> required.add(item.asText()));
        List<Parameter> list = new ArrayList<>();
        for (Iterator<String> names = schema.path("properties").fieldNames(); names.hasNext(); ) {
            String property = names.next();
            JsonNode described = schema.path("properties").path(property).path("description");
            String text = described.isTextual() ? described.textValue() : "see the tool's schema";
            list.add(required.contains(property) ? Parameter.required(property, Parameter.Type.JSON, text)
                    : Parameter.optional(property, Parameter.Type.JSON, text));
        }
        return List.copyOf(list);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        String own = tool.shortDescription();
        return "Tool '" + tool.name() + "' of the MCP server '" + connection.entry().name() + "'"
                + (connection.entry().autoApprove().contains(tool.name()) ? "" : " (each call waits for the user's"
                + " approval)") + ". " + own;
    }

    @Override
    public List<Parameter> parameters() {
        return parameters;
    }

    @Override
    public ObjectNode schema() {
        return tool.inputSchema().deepCopy();
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        ObjectNode object = JSON.createObjectNode();
        for (Parameter parameter : parameters) {
            arguments.json(parameter.name()).ifPresent(value -> object.set(parameter.name(), value));
        }
        return McpCall.run(name, connection, tool.name(), object, context);
    }
}
