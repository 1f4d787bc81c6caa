/**
 * Immutable settings records with defaults and the one parser that rejects bad values naming the key. Imports nothing of ours.
 */
package dev.agentls.config;
