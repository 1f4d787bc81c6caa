package dev.agentls.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings of the MCP client ({@code agentls.mcp.*}).
 *
 * @param timeout how long one MCP request (start-up and listing included) may take before it fails
 * @param servers {@code agentls.mcp.servers} as given: the same shape as a {@code .mcp.json}'s {@code mcpServers}
 *                object, checked entry by entry by the MCP client (which names the server and key of a bad one)
 */
public record McpSettings(Duration timeout, Optional<JsonNode> servers) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    public static final McpSettings DEFAULTS = new McpSettings(DEFAULT_TIMEOUT, Optional.empty());

    public McpSettings {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(servers, "servers");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
    }
}
