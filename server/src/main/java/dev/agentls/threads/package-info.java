/** Named daemon threads for every package: the process's own threads never keep it alive. */
package dev.agentls.threads;
