package dev.agentls.agent;

import java.util.Optional;

/**
 * The mode of one run: the one the user asked for, the one the first answer decided (a direct run whose first call is
 * {@code create_plan} is a plan run), and whether files may change now: never in ask mode, and in a plan run the
 * user asked for, only once the user approved the plan.
 */
final class ModeState {

    private final RunMode requested;
    private volatile RunMode decided;
    private volatile boolean planApproved;

    ModeState(RunMode requested) {
        this.requested = requested;
        this.decided = requested == RunMode.DIRECT ? null : requested;
    }

    RunMode requested() {
        return requested;
    }

    /** The decided mode, or the requested one while undecided. */
    RunMode current() {
        RunMode mode = decided;
        return mode == null ? requested : mode;
    }

    boolean decided() {
        return decided != null;
    }

    void decide(RunMode mode) {
        if (decided == null) {
            decided = mode;
        }
    }

    void approvePlan() {
        planApproved = true;
    }

    /** Whether a plan must be approved before files change: the user asked for plan mode and has not approved. */
    boolean awaitingApproval() {
        return requested == RunMode.PLAN && !planApproved;
    }

    /** Why changes are refused now, or empty when they are allowed. */
    Optional<String> readOnlyReason() {
        if (requested == RunMode.ASK) {
            return Optional.of("this run is in ask mode, which is read-only: files cannot change and commands do"
                    + " not run");
        }
        if (awaitingApproval()) {
            return Optional.of("this run is in plan mode: files stay read-only until the user approves a plan;"
                    + " read what you need, then call create_plan");
        }
        return Optional.empty();
    }
}
