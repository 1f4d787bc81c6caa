/**
 * The Agent Client Protocol front door: newline-delimited JSON-RPC on stdio (Jackson), translating ACP requests into
 * runs of the agent and the run's events into {@code session/update}s. The protocol's wire types stay in this
 * package, as LSP4J stays in {@code lsp}; see docs/acp.md.
 */
package dev.agentls.acp;
