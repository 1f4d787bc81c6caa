/**
 * Command-line entry points and the composition root that wires everything.
 */
package dev.agentls.cli;
