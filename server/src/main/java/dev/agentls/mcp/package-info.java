/**
 * The MCP client, on the official MCP Java SDK (the only package that touches it): the servers' configuration
 * ({@code .mcp.json} at each root, the user's file, {@code agentls.mcp.servers}), trust in a project's entries, the
 * servers' lifecycle (started lazily, stopped with the session), and their tools and resources adapted as our
 * {@code Tool}s. Knows nothing of LSP or the agent loop.
 */
package dev.agentls.mcp;
