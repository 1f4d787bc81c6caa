/**
 * The LSP4J server: lifecycle, document sync, one handler per agentls command. The only package that imports LSP4J.
 */
package dev.agentls.lsp;
