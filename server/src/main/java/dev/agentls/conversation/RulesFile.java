package dev.agentls.conversation;

/**
 * One rules file as the prompt shows it: its path (relative to its root, with the root's name in a multi-root
 * workspace), its text (possibly cut to the budget), its whole size in tokens, and whether it was cut.
 */
public record RulesFile(String path, String text, int tokens, boolean cut) {
}
