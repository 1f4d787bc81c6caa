/**
 * History, persistence, token counting, de-duplication of whole-file results and pruning to the safe zone.
 */
package dev.agentls.conversation;
