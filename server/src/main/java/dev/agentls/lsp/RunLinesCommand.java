package dev.agentls.lsp;

import com.google.gson.JsonObject;
import dev.agentls.agent.RunRequest;
import dev.agentls.workspace.ResolvedPath;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.runLines} {uri or path, startLine, endLine}: runs the instruction written in those lines (zero-based,
 * both included) of the document, with the lines as the selection; for editor key bindings such as Helix's
 * {@code %{cursor_line}} expansions. An {@code @agent} marker in the lines is taken off the prompt; when the lines hold
 * exactly one {@code @agent} line, it becomes {@code @agent-done #<run> <summary>} when the run ends, as when the run
 * is started from that line's code action.
 */
final class RunLinesCommand implements CommandHandler {

    static final String ID = "agentls.runLines";

    private final RunRequests requests;
    private final EditorRuns runs;
    private final InstructionDone done;

    RunLinesCommand(RunRequests requests, EditorRuns runs, InstructionDone done) {
        this.requests = requests;
        this.runs = runs;
        this.done = done;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String where = arguments.optionalString("uri").or(() -> arguments.optionalString("path"))
                .orElseThrow(() -> CommandFailure.invalidParams(ID + ": missing argument 'uri' or 'path' (a string)"));
        JsonObject lines = arguments.raw();
        int start = RunRequests.number(ID, lines, "arguments", "startLine");
        int end = RunRequests.number(ID, lines, "arguments", "endLine");
        if (end < start) {
            throw CommandFailure.invalidParams(ID + ": endLine " + end + " is before startLine " + start);
        }
        ResolvedPath path = requests.resolve(ID, where);
        String text = requests.text(ID, path);
        List<String> all = text.lines().toList();
        if (start >= all.size()) {
            throw CommandFailure.invalidParams(ID + ": startLine " + start + " is past the end of " + path.display()
                    + " (" + all.size() + " lines)");
        }
        int last = Math.min(end, all.size() - 1);
        String written = String.join("\n", all.subList(start, last + 1));
        String prompt = written.replaceFirst("^\\s*(//|#|--|;+|/\\*+|\\*)?\\s*@agent\\b\\s*", "").strip();
        if (prompt.isEmpty()) {
            throw CommandFailure.invalidParams(ID + ": lines " + (start + 1) + "-" + (last + 1) + " of "
                    + path.display() + " hold no instruction");
        }
        RunRequest.Range range = new RunRequest.Range(start, 0, last, all.get(last).length());
        if (prompt.length() > RunRequest.MAX_PROMPT_CHARS) {
            throw CommandFailure.invalidParams(ID + ": the instruction is " + prompt.length()
                    + " characters long; the limit is " + RunRequest.MAX_PROMPT_CHARS);
        }
        RunRequest request = RunRequest.of(prompt).withFocusedFiles(List.of(path.display()))
                .withSelection(new RunRequest.Selection(path.absolute().toUri().toString(), range, written), List.of());
        List<InstructionLines.Instruction> marked = InstructionLines.find(text).stream()
                .filter(instruction -> instruction.line() >= start && instruction.line() <= last).toList();
        if (marked.size() != 1) {
            return StartRunCommand.start(runs, request, ID);
        }
        InstructionLines.Instruction instruction = marked.get(0);
        String uri = path.absolute().toUri().toString();
        return StartRunCommand.start(runs, request, ID,
                outcome -> done.mark(uri, instruction.line(), instruction.text(), outcome));
    }
}
