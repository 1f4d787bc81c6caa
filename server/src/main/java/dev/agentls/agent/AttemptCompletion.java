package dev.agentls.agent;

import dev.agentls.llm.ToolCall;
import dev.agentls.tools.AttemptCompletionTool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When {@code attempt_completion} is accepted: alone in its answer, after the model has read the results of its
 * other calls, and with a result that says something. Otherwise the call is refused with what the model has not
 * seen (the other calls, and which of them failed) and a note that completion waits for them.
 */
final class AttemptCompletion {

    static final String NAME = AttemptCompletionTool.NAME;

    private AttemptCompletion() {}

    /** Why the call is refused, or empty when it may end the run. */
    static Optional<CallCheck.Problem> refusal(ToolCall call, CallArguments arguments, List<ToolCall> calls,
                                               List<ToolStep.Done> done) {
        if (!call.name().equals(NAME)) {
            return Optional.empty();
        }
        if (calls.size() > 1) {
            return Optional.of(new CallCheck.Problem("early_completion", early(calls, done)));
        }
        boolean blank = arguments.parsed() && arguments.string(AttemptCompletionTool.RESULT).orElse("").isBlank();
        return blank ? Optional.of(new CallCheck.Problem("bad_call", NAME + ": not accepted: the result is empty."
                + " Say in a sentence or two what was done, then call " + NAME + " again.")) : Optional.empty();
    }

    private static String early(List<ToolCall> calls, List<ToolStep.Done> done) {
        List<String> failed = new ArrayList<>();
        for (ToolStep.Done d : done) {
            if (!d.ok()) {
                failed.add(d.call().name() + ": " + firstLine(d.text()));
            }
        }
        int others = calls.size() - 1;
        return NAME + ": not accepted: this answer also made " + others + " other call" + (others == 1 ? "" : "s")
                + ", whose results you had not seen when you called it"
                + (failed.isEmpty() ? "" : "; these failed:\n- " + String.join("\n- ", failed) + "\n")
                + (failed.isEmpty() ? ". " : "")
                + "Completion waits for them: read their results, fix what failed, then call " + NAME
                + " alone in an answer.";
    }

    private static String firstLine(String text) {
        String line = text.lines().findFirst().orElse("");
        return line.length() <= 300 ? line : line.substring(0, 300) + "…";
    }
}
