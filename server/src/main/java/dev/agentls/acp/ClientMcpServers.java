package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The client's {@code mcpServers} of {@code session/new} / {@code session/load}, turned into the shape of
 * {@code agentls.mcp.servers} (name to entry), so they join the workspace's own servers as the settings' entries do.
 * Stdio and Streamable HTTP servers are taken; an SSE one, or an entry that is not what the schema says, is refused
 * naming its index, before anything starts.
 */
final class ClientMcpServers {

    private ClientMcpServers() {}

    /** Empty when the client gave none (or sent {@code null}). */
    static Optional<ObjectNode> of(JsonNode given) {
        if (given == null || given.isMissingNode() || given.isNull()) {
            return Optional.empty();
        }
        if (!given.isArray()) {
            throw refused("mcpServers must be an array of MCP servers, got " + given.getNodeType());
        }
        ObjectNode servers = AcpConnection.NODES.objectNode();
        for (int i = 0; i < given.size(); i++) {
            JsonNode server = given.get(i);
            String at = "mcpServers[" + i + "]";
            if (!server.isObject() || !server.path("name").isTextual() || server.get("name").asText().isBlank()) {
                throw refused(at + " must be an object with a non-empty 'name'");
            }
            String name = server.get("name").asText();
            if (servers.has(name)) {
                throw refused(at + ": a second server named '" + name + "'; names must be unique");
            }
            String type = server.path("type").asText(server.has("url") ? "http" : "stdio");
            servers.set(name, switch (type) {
                case "stdio" -> stdio(server, at);
                case "http" -> http(server, at);
                case "sse" -> throw refused(at + " ('" + name + "') uses the SSE transport, which this agent does not"
                        + " speak (mcpCapabilities.sse is false); give its Streamable HTTP endpoint as type http");
                default -> throw refused(at + " ('" + name + "'): unknown type '" + type + "'; stdio or http");
            });
        }
        return Optional.of(servers);
    }

    private static ObjectNode stdio(JsonNode server, String at) {
        if (!server.path("command").isTextual() || server.get("command").asText().isBlank()) {
            throw refused(at + ": a stdio server needs its 'command'");
        }
        ObjectNode entry = AcpConnection.NODES.objectNode().put("command", server.get("command").asText());
        var args = entry.putArray("args");
        for (JsonNode arg : server.path("args")) {
            if (!arg.isTextual()) {
                throw refused(at + ": every one of 'args' must be a string");
            }
            args.add(arg.asText());
        }
        entry.set("env", pairs(server.path("env"), at + ".env"));
        return entry;
    }

    private static ObjectNode http(JsonNode server, String at) {
        if (!server.path("url").isTextual()) {
            throw refused(at + ": an http server needs its 'url'");
        }
        ObjectNode entry = AcpConnection.NODES.objectNode().put("type", "http").put("url", server.get("url").asText());
        entry.set("headers", pairs(server.path("headers"), at + ".headers"));
        return entry;
    }

    /** ACP's {@code [{name, value}]} as an object; the values may be secrets and are never shown. */
    private static ObjectNode pairs(JsonNode list, String at) {
        ObjectNode table = AcpConnection.NODES.objectNode();
        if (list.isMissingNode() || list.isNull()) {
            return table;
        }
        if (!list.isArray()) {
            throw refused(at + " must be an array of {name, value}");
        }
        for (JsonNode pair : list) {
            if (!pair.path("name").isTextual() || !pair.path("value").isTextual()) {
                throw refused(at + ": every entry needs a string 'name' and 'value'");
            }
            table.put(pair.get("name").asText(), pair.get("value").asText());
        }
        return table;
    }

    private static AcpException refused(String message) {
        return new AcpException(AcpException.INVALID_PARAMS, message);
    }
}
