/**
 * Hiding secrets in text before it reaches a message, a log or the model; a leaf every package that shows text may
 * use.
 */
package dev.agentls.redaction;
