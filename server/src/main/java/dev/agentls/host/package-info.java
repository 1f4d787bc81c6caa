/**
 * The one interface through which a run reaches its editor or terminal: apply a change, ask, confirm, report progress.
 */
package dev.agentls.host;
