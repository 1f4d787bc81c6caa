/**
 * A run: prompt layers, the loop, plan mode, limits, cancellation and the sealed AgentEvent stream.
 */
package dev.agentls.agent;
