/**
 * Review of what runs changed: each changed hunk of a run, found again by its content as the user edits, shown as an
 * Information diagnostic with Revert hunk / Keep / Revert run code actions. Driven by the server package
 * ({@code dev.agentls.lsp}), which it never imports: it hands back diagnostics, code actions and texts, and the
 * server package sends them.
 */
package dev.agentls.lsp.review;
