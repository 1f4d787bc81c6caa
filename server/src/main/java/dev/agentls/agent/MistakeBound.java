package dev.agentls.agent;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Counts a run's answers in a row that had no usable tool call, reports every mistake as a {@code model_mistake}
 * event, and at the bound ({@code agent.maxConsecutiveMistakes}) asks the user whether to go on, showing the model's
 * last text. No answer (a headless run, a dismissed question) or "Stop" ends the run; "Go on" or any words (which the
 * model then reads) start the count again.
 */
final class MistakeBound {

    static final String GO_ON = "Go on";
    static final String STOP = "Stop";
    private static final int SHOWN_TEXT_CHARS = 1_000;

    private final int limit;
    private final EventStream events;
    private final RunHost host;
    private final Consumer<String> guidance;
    private int consecutive;

    /** @param guidance takes the user's own words at the bound, for the model to read */
    MistakeBound(int limit, EventStream events, RunHost host, Consumer<String> guidance) {
        this.limit = limit;
        this.events = events;
        this.host = host;
        this.guidance = guidance;
    }

    /** An answer without a usable call; the reason to end the run when the bound is reached and no one says go on. */
    Optional<String> answer(String kind, String problem, String lastText) {
        consecutive++;
        report(kind, problem);
        return atBound(problem, lastText);
    }

    /**
     * The calls of an answer ran; those refused as mistakes are reported, and when every call was refused the answer
     * counts as a mistake, else the count starts again.
     */
    Optional<String> calls(List<ToolStep.Done> done, String lastText) {
        List<ToolStep.Done> refused = done.stream().filter(d -> d.mistake().isPresent()).toList();
        boolean noneUsable = !done.isEmpty() && refused.size() == done.size();
        consecutive = noneUsable ? consecutive + 1 : 0;
        for (ToolStep.Done d : refused) {
            report(d.mistake().get(), d.text());
        }
        return noneUsable ? atBound(refused.get(refused.size() - 1).text(), lastText) : Optional.empty();
    }

    /** Calls the answer began but could not complete, beside calls that ran: reported, not counted. */
    void unfinished(String kind, String problem) {
        report(kind, problem);
    }

    private void report(String kind, String problem) {
        String runId = events.runId();
        int count = consecutive;
        events.emit(seq -> new AgentEvent.ModelMistake(runId, seq, kind, problem, count, limit));
    }

    private Optional<String> atBound(String problem, String lastText) {
        if (consecutive < limit) {
            return Optional.empty();
        }
        String shown = lastText.strip().isEmpty() ? "(no text)" : lastText.strip().length() <= SHOWN_TEXT_CHARS
                ? lastText.strip() : lastText.strip().substring(0, SHOWN_TEXT_CHARS) + "…";
        String question = "The model made " + consecutive + " mistakes in a row without a usable tool call; the"
                + " last: " + problem + "\nIts last text: " + shown + "\nGo on?";
        Optional<String> answer = host.ask(question, List.of(GO_ON, STOP)).join();
        String reason = "stopped: the model made " + consecutive + " mistakes in a row without a usable tool call"
                + " (agent.maxConsecutiveMistakes is " + limit + "); the last: " + problem;
        if (answer.isEmpty() || answer.get().isBlank()) {
            return Optional.of(reason + " (no one answered whether to go on)");
        }
        if (answer.get().strip().equalsIgnoreCase(STOP)) {
            return Optional.of(reason + " (the user chose to stop)");
        }
        if (!answer.get().strip().equalsIgnoreCase(GO_ON)) {
            guidance.accept(answer.get().strip());
        }
        consecutive = 0;
        return Optional.empty();
    }
}
