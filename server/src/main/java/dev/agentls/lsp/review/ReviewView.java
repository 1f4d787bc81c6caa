package dev.agentls.lsp.review;

import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * What the editor sees of the hunks awaiting review: an Information diagnostic on each ({@code source: agentls},
 * {@code run #3: <why>}, the hunk's id as its code), and on a hunk the code actions "Revert hunk", "Keep" and "Revert
 * run", their context in {@code command.arguments} (Kakoune and Kate drop {@code data}).
 */
public final class ReviewView {

    public static final String REVERT_HUNK = "agentls.revertHunk";
    public static final String KEEP_HUNK = "agentls.keepHunk";
    public static final String REVERT_RUN = "agentls.revertRun";

    private ReviewView() {}

    static Diagnostic diagnostic(Hunk hunk, int line, List<String> lines) {
        Range range;
        if (!hunk.newLines().isEmpty()) {
            int last = line + hunk.newLines().size() - 1;
            range = new Range(new Position(line, 0),
                    new Position(last, TextLines.bare(hunk.newLines().get(hunk.newLines().size() - 1)).length()));
        } else {
            // A deletion is shown on the line that now follows it (or the last line, at the end of the text).
            int shownAt = Math.min(line, Math.max(0, lines.size() - 1));
            int length = lines.isEmpty() ? 0 : TextLines.bare(lines.get(shownAt)).length();
            range = new Range(new Position(shownAt, 0), new Position(shownAt, length));
        }
        Diagnostic diagnostic = new Diagnostic(range, message(hunk), DiagnosticSeverity.Information, "agentls");
        diagnostic.setCode(hunk.id());
        return diagnostic;
    }

    /** {@code run #3: <why> (+2 -1)}. */
    static String message(Hunk hunk) {
        return "run #" + hunk.runId() + ": " + hunk.why() + " (" + hunk.counts() + ")";
    }

    /** The code actions on the hunks shown in a range: per hunk Revert hunk and Keep, per run Revert run. */
    public static List<Either<Command, CodeAction>> actions(List<ReviewBook.Shown> hunks, List<String> allLines) {
        List<Either<Command, CodeAction>> actions = new ArrayList<>();
        Set<String> runs = new LinkedHashSet<>();
        for (ReviewBook.Shown shown : hunks) {
            Hunk hunk = shown.hunk();
            Diagnostic diagnostic = diagnostic(hunk, shown.line(), allLines);
            actions.add(action("AgentLS #" + hunk.runId() + ": Revert hunk (" + hunk.counts() + ")", REVERT_HUNK,
                    argument("hunkId", hunk.id()), diagnostic));
            actions.add(action("AgentLS #" + hunk.runId() + ": Keep", KEEP_HUNK, argument("hunkId", hunk.id()),
                    diagnostic));
            runs.add(hunk.runId());
        }
        for (String runId : runs) {
            actions.add(action("AgentLS #" + runId + ": Revert run", REVERT_RUN, argument("runId", runId), null));
        }
        return actions;
    }

    private static Either<Command, CodeAction> action(String title, String command, JsonObject argument,
                                                      Diagnostic diagnostic) {
        CodeAction action = new CodeAction(title);
        action.setKind(CodeActionKind.QuickFix);
        if (diagnostic != null) {
            action.setDiagnostics(List.of(diagnostic));
        }
        action.setCommand(new Command(title, command, List.of(argument)));
        return Either.forRight(action);
    }

    private static JsonObject argument(String name, String value) {
        JsonObject argument = new JsonObject();
        argument.addProperty(name, value);
        return argument;
    }
}
