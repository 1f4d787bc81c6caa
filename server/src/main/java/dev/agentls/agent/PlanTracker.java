package dev.agentls.agent;

import dev.agentls.host.Host;
import java.util.List;
import java.util.Optional;

/**
 * A run's plan (seed 003, scheme D): the goal and steps of the last {@code create_plan}, the step under way, and
 * whether the user approved it (needed before files may change when the user asked for plan mode). It reports
 * {@code plan_created}, {@code step_started} and {@code step_completed}, and the progress "step 2 of 5" to the host.
 */
final class PlanTracker {

    private final EventStream events;
    private final Host host;
    private String goal;
    private List<String> steps = List.of();
    private int current;
    private boolean approved;

    PlanTracker(EventStream events, Host host) {
        this.events = events;
        this.host = host;
    }

    boolean hasPlan() {
        return !steps.isEmpty();
    }

    boolean approved() {
        return approved;
    }

    /** A new plan replaces any earlier one; nothing has started. */
    void create(String goal, List<String> steps) {
        this.goal = goal;
        this.steps = List.copyOf(steps);
        this.current = 0;
        this.approved = false;
        String runId = events.runId();
        events.emit(seq -> new AgentEvent.PlanCreated(runId, seq, goal, this.steps));
    }

    /** The plan may now change files; its first step starts. */
    void approve() {
        approved = true;
        start(1);
    }

    /** Text for the approval question: the goal and the numbered steps. */
    String describe() {
        StringBuilder text = new StringBuilder("Plan: " + goal);
        for (int i = 0; i < steps.size(); i++) {
            text.append('\n').append(i + 1).append(". ").append(steps.get(i));
        }
        return text.toString();
    }

    /**
     * Marks steps up to {@code step} done (one-based) and starts the next; the answer for the model, or why the step
     * number is wrong.
     */
    Optional<String> complete(int step, StringBuilder answer) {
        if (steps.isEmpty()) {
            return Optional.of("complete_step: there is no plan; call create_plan first, or just go on");
        }
        if (step < 1 || step > steps.size()) {
            return Optional.of("complete_step: the plan has steps 1 to " + steps.size() + ", not " + step);
        }
        if (step < current || current == 0) {
            return Optional.of("complete_step: step " + step + " is " + (current == 0 ? "not started: the plan is"
                    + " not approved yet" : "already done; the step under way is " + current));
        }
        String runId = events.runId();
        for (int done = current; done <= step; done++) {
            int n = done;
            events.emit(seq -> new AgentEvent.StepCompleted(runId, seq, n, steps.size(), steps.get(n - 1)));
        }
        if (step < steps.size()) {
            start(step + 1);
            answer.append("Step ").append(step).append(" of ").append(steps.size()).append(" done. Now step ")
                    .append(step + 1).append(" of ").append(steps.size()).append(": ").append(steps.get(step));
        } else {
            current = steps.size() + 1;
            answer.append("All ").append(steps.size()).append(" steps are done; verify the work and call"
                    + " attempt_completion.");
        }
        return Optional.empty();
    }

    private void start(int step) {
        current = step;
        String runId = events.runId();
        String title = steps.get(step - 1);
        events.emit(seq -> new AgentEvent.StepStarted(runId, seq, step, steps.size(), title));
        host.progress("step " + step + " of " + steps.size() + ": " + title);
    }
}
