package dev.agentls.agent;

/**
 * The user turn that opens a run: the prompt, then the context the editor gave: the selection (document, range and
 * text) with the diagnostics in it, and the files the user named or has focused, each said by its path.
 */
final class RequestText {

    private RequestText() {}

    static String of(RunRequest request) {
        StringBuilder text = new StringBuilder(request.prompt().strip());
        request.selection().ifPresent(selection -> {
            text.append("\n\n# Selection\n").append(selection.uri()).append(", ")
                    .append(selection.range().display()).append(":\n```\n").append(selection.text());
            if (!selection.text().endsWith("\n")) {
                text.append('\n');
            }
            text.append("```");
        });
        if (!request.diagnostics().isEmpty()) {
            text.append("\n\n# Diagnostics in the selection");
            for (RunRequest.Diagnostic d : request.diagnostics()) {
                text.append("\n- ").append(d.range().display()).append(' ').append(d.severity()).append(": ")
                        .append(d.message());
            }
        }
        if (!request.focusedFiles().isEmpty()) {
            text.append("\n\n# Files the user points at");
            request.focusedFiles().forEach(file -> text.append("\n- ").append(file));
        }
        switch (request.mode()) {
            case ASK -> text.append("\n\n(Ask mode: answer from the workspace; files are read-only and no commands"
                    + " run.)");
            case PLAN -> text.append("\n\n(Plan mode: first read what you need and call create_plan; files stay"
                    + " read-only until the user approves the plan.)");
            case DIRECT -> { }
        }
        return text.toString();
    }
}
