/**
 * One class per agent tool: name, JSON Schema, description, argument validation and a sealed result.
 */
package dev.agentls.tools;
