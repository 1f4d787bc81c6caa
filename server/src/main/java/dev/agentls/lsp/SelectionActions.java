package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * The code actions on a selection: edit it per the instruction written in it, explain it, fix the diagnostics in it
 * (a quickfix carrying those diagnostics), document it, write tests for it. Each is an {@code agentls.run} scoped to
 * the range, its whole context in {@code command.arguments} (Kakoune and Kate drop {@code data}). A range of at most
 * one character is a cursor, not a selection (Helix always has a one-character selection), and gets none of them.
 */
final class SelectionActions {

    private SelectionActions() {}

    /** Whether the range selects more than one character. */
    static boolean isSelection(Range range) {
        Position start = range.getStart();
        Position end = range.getEnd();
        if (end.getLine() != start.getLine()) {
            return end.getLine() > start.getLine();
        }
        return end.getCharacter() - start.getCharacter() > 1;
    }

    static List<Either<Command, CodeAction>> on(CodeActionParams params) {
        Range range = params.getRange();
        if (!isSelection(range)) {
            return List.of();
        }
        String uri = params.getTextDocument().getUri();
        String lines = "lines " + (range.getStart().getLine() + 1) + "-" + (range.getEnd().getLine() + 1);
        List<Either<Command, CodeAction>> actions = new ArrayList<>();
        actions.add(action("AgentLS: edit the selection as it says", CodeActionKind.RefactorRewrite,
                run(uri, range, "direct", "Carry out the instruction written in the selected code (" + lines
                        + "). Change that range only, unless the instruction needs more."), null));
        actions.add(action("AgentLS: explain the selection", CodeActionKind.Empty, run(uri, range, "ask",
                "Explain what the selected code (" + lines + ") does and why, for someone about to change it."),
                null));
        List<Diagnostic> inside = diagnosticsIn(params);
        if (!inside.isEmpty()) {
            JsonObject fix = run(uri, range, "direct", "Fix the diagnostics in the selected code (" + lines
                    + "). Change that range only, unless the fix needs more.");
            JsonArray carried = new JsonArray();
            inside.forEach(d -> carried.add(diagnostic(d)));
            fix.add("diagnostics", carried);
            actions.add(action("AgentLS: fix the " + inside.size() + " diagnostic" + (inside.size() == 1 ? "" : "s")
                    + " in the selection", CodeActionKind.QuickFix, fix, inside));
        }
        actions.add(action("AgentLS: document the selection", CodeActionKind.RefactorRewrite, run(uri, range,
                "direct", "Document the selected code (" + lines + ") with comments in the file's own style; change"
                        + " no code."), null));
        actions.add(action("AgentLS: write tests for the selection", CodeActionKind.Empty, run(uri, range, "direct",
                "Write tests for the selected code (" + lines + "), in the project's test layout and style."), null));
        return actions;
    }

    /** The editor's diagnostics (not ours) that meet the range. */
    private static List<Diagnostic> diagnosticsIn(CodeActionParams params) {
        if (params.getContext() == null || params.getContext().getDiagnostics() == null) {
            return List.of();
        }
        Range range = params.getRange();
        return params.getContext().getDiagnostics().stream()
                .filter(d -> d != null && d.getRange() != null && d.getMessage() != null && d.getMessage().isLeft()
                        && !"agentls".equals(d.getSource()))
                .filter(d -> !before(d.getRange().getEnd(), range.getStart())
                        && !before(range.getEnd(), d.getRange().getStart()))
                .toList();
    }

    private static boolean before(Position a, Position b) {
        return a.getLine() < b.getLine() || (a.getLine() == b.getLine() && a.getCharacter() < b.getCharacter());
    }

    private static JsonObject run(String uri, Range range, String mode, String prompt) {
        JsonObject argument = new JsonObject();
        argument.addProperty("prompt", prompt);
        argument.addProperty("mode", mode);
        argument.addProperty("uri", uri);
        argument.add("range", range(range));
        return argument;
    }

    private static JsonObject diagnostic(Diagnostic d) {
        JsonObject carried = new JsonObject();
        carried.add("range", range(d.getRange()));
        DiagnosticSeverity severity = d.getSeverity() == null ? DiagnosticSeverity.Error : d.getSeverity();
        carried.addProperty("severity", severity.getValue());
        carried.addProperty("message", d.getMessage().getLeft());
        if (d.getSource() != null) {
            carried.addProperty("source", d.getSource());
        }
        return carried;
    }

    private static JsonObject range(Range range) {
        JsonObject json = new JsonObject();
        json.add("start", position(range.getStart()));
        json.add("end", position(range.getEnd()));
        return json;
    }

    private static JsonObject position(Position position) {
        JsonObject json = new JsonObject();
        json.addProperty("line", position.getLine());
        json.addProperty("character", position.getCharacter());
        return json;
    }

    private static Either<Command, CodeAction> action(String title, String kind, JsonObject argument,
                                                      List<Diagnostic> diagnostics) {
        CodeAction action = new CodeAction(title);
        action.setKind(kind);
        if (diagnostics != null) {
            action.setDiagnostics(diagnostics);
        }
        action.setCommand(new Command(title, StartRunCommand.ID, List.of(argument)));
        return Either.forRight(action);
    }
}
