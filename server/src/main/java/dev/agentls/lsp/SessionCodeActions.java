package dev.agentls.lsp;

import com.google.gson.JsonObject;
import dev.agentls.lsp.review.ReviewBook;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * The code actions on a range: on an {@code @agent} line, "AgentLS: run", "plan first" and "ask (read-only)"; where
 * a run waits for an approval, "Approve" and "Deny"; on a hunk a run changed, "Revert hunk", "Keep" and "Revert run".
 * The context travels in {@code command.arguments} (Kakoune and
 * Kate drop {@code data}), exactly the arguments of the command it runs.
 */
final class SessionCodeActions {

    private final InstructionMarks marks;
    private final RunAnchors anchors;
    private final WaitingRuns waiting;
    private final ReviewBook review;

    SessionCodeActions(InstructionMarks marks, RunAnchors anchors, WaitingRuns waiting, ReviewBook review) {
        this.review = review;
        this.marks = marks;
        this.anchors = anchors;
        this.waiting = waiting;
    }

    List<Either<Command, CodeAction>> on(CodeActionParams params) {
        String uri = params.getTextDocument().getUri();
        int from = params.getRange().getStart().getLine();
        int to = params.getRange().getEnd().getLine();
        List<Either<Command, CodeAction>> actions = new ArrayList<>();
        for (String runId : anchors.runsAt(uri, from, to)) {
            waiting.find(runId).filter(w -> w.kind() != WaitingRuns.Kind.QUESTION).ifPresent(w -> {
                actions.add(action("AgentLS #" + runId + ": Approve " + (w.kind() == WaitingRuns.Kind.PLAN
                        ? "the plan" : "`" + w.asked() + "`"), RunCommands.APPROVE, runArgument(runId)));
                actions.add(action("AgentLS #" + runId + ": Deny", RunCommands.DENY, runArgument(runId)));
            });
        }
        for (InstructionLines.Instruction instruction : marks.between(uri, from, to)) {
            actions.add(action("AgentLS: run", StartRunCommand.ID, runArguments(uri, instruction, "direct")));
            actions.add(action("AgentLS: plan first", StartRunCommand.ID, runArguments(uri, instruction, "plan")));
            actions.add(action("AgentLS: ask (read-only)", StartRunCommand.ID, runArguments(uri, instruction, "ask")));
        }
        actions.addAll(review.actions(uri, from, to));
        actions.addAll(SelectionActions.on(params));
        return actions;
    }

    private static Either<Command, CodeAction> action(String title, String command, JsonObject argument) {
        CodeAction action = new CodeAction(title);
        action.setKind(CodeActionKind.Empty);
        action.setCommand(new Command(title, command, List.of(argument)));
        return Either.forRight(action);
    }

    private static JsonObject runArgument(String runId) {
        JsonObject argument = new JsonObject();
        argument.addProperty("runId", runId);
        return argument;
    }

    private static JsonObject runArguments(String uri, InstructionLines.Instruction instruction, String mode) {
        JsonObject argument = new JsonObject();
        argument.addProperty("prompt", instruction.text());
        argument.addProperty("mode", mode);
        argument.addProperty("uri", uri);
        JsonObject range = new JsonObject();
        range.add("start", position(instruction.line(), 0));
        range.add("end", position(instruction.line(), instruction.end()));
        argument.add("range", range);
        argument.addProperty("instructionLine", instruction.line());
        return argument;
    }

    private static JsonObject position(int line, int character) {
        JsonObject position = new JsonObject();
        position.addProperty("line", line);
        position.addProperty("character", character);
        return position;
    }
}
