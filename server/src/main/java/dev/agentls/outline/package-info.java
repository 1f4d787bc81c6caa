/**
 * Top-level definitions of files and the ranked, token-budgeted repo map built from them.
 */
package dev.agentls.outline;
