package dev.agentls.conversation;

import java.util.List;

/**
 * The project's rules for a run: the files shown, in order, and notes on what was left out or refused (each
 * naming the file and why). {@link #render()} is the prompt layer; empty when there is nothing to say.
 */
public record ProjectRules(List<RulesFile> files, List<String> notes, int budget) {

    public static final String HEADER = "# Project rules\nRules the project's authors wrote for work in it, each "
            + "under the path of its file. Follow them; where two disagree, the file nearer to the code you change "
            + "wins.";

    public ProjectRules {
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }

    public String render() {
        if (files.isEmpty() && notes.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder(HEADER);
        for (RulesFile file : files) {
            text.append("\n\n## ").append(file.path()).append('\n').append(file.text().stripTrailing());
            if (file.cut()) {
                text.append("\n[cut: ").append(file.path()).append(" has ").append(file.tokens())
                        .append(" tokens; the project rules budget is ").append(budget)
                        .append(" tokens, so only its beginning is shown. Read the file for the rest.]");
            }
        }
        for (String note : notes) {
            text.append("\n\n[").append(note).append(']');
        }
        return text.toString();
    }
}
