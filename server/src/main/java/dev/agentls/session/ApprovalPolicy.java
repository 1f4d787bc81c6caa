package dev.agentls.session;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which commands a workspace's runs may execute without asking, for every front door: a mode for all of them (ask,
 * deny all, allow all), the commands always allowed in {@link AlwaysAllowed#FILE}, and those allowed for one run. A
 * front door asks the user only when {@link #decided} is empty, and hands the answer ({@link #ONCE}, {@link #RUN},
 * {@link #ALWAYS} or {@link #DENIED}) to {@link #decide}.
 */
public final class ApprovalPolicy {

    /** What happens to an approval nobody decided before. */
    public enum Mode { ASK, DENY_ALL, ALLOW_ALL }

    /** The answers a user gives, as {@code agentls.approve} takes them as its {@code scope} and {@code agentls.deny}. */
    public static final String ONCE = "once";
    public static final String RUN = "run";
    public static final String ALWAYS = "always";
    public static final String DENIED = "deny";

    /** The reason execute_command gives when its safety check found nothing and the model asked for approval. */
    public static final String MODEL_ASKED = "the model asked for approval";

    private final Mode mode;
    /** Null for a host outside any workspace. */
    private final AlwaysAllowed always;
    private final Map<String, Set<String>> allowedForRun = new ConcurrentHashMap<>();

    public ApprovalPolicy(Mode mode, AlwaysAllowed always) {
        this.mode = mode;
        this.always = always;
    }

    /** The policy of a host outside any workspace's list: no command is always allowed. */
    public static ApprovalPolicy withoutList(Mode mode) {
        return new ApprovalPolicy(mode, null);
    }

    public Mode mode() {
        return mode;
    }

    /**
     * The decision on {@code detail} (whose first line is the command) made without asking, or empty when the user
     * is to be asked.
     */
    public Optional<Boolean> decided(String runId, String command, String detail, RunNotes notes) {
        if (mode == Mode.DENY_ALL) {
            return Optional.of(false);
        }
        if (mode == Mode.ALLOW_ALL) {
            return Optional.of(true);
        }
        // The list lives in the workspace, which a cloned repository may ship: it is honoured only for commands the
        // safety check found nothing in (asked for by the model alone), never for one it flagged.
        if (always != null && onlyTheModelAsked(detail) && always.allows(command)) {
            notes.note("Allowed `" + command + "`: always allowed in " + AlwaysAllowed.FILE);
            return Optional.of(true);
        }
        if (allowedForRun.getOrDefault(runId, Set.of()).contains(command)) {
            return Optional.of(true);
        }
        return Optional.empty();
    }

    /** Takes the user's answer; true when the command may run. */
    public boolean decide(String runId, String command, String answer, RunNotes notes) {
        switch (answer) {
            case RUN -> allowedForRun.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet()).add(command);
            case ALWAYS -> {
                Optional<String> problem = always == null ? Optional.of("no workspace keeps the list, so the choice"
                        + " holds for this run only") : always.remember(command);
                if (always == null) {
                    allowedForRun.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet()).add(command);
                }
                notes.note("Always allowed `" + command + "`"
                        + problem.map(p -> ": " + p).orElse(" (kept in " + AlwaysAllowed.FILE + ")"));
            }
            case DENIED -> {
                return false;
            }
            default -> { }
        }
        return true;
    }

    /** Forgets what the run was allowed; called when it ends. */
    public void runEnded(String runId) {
        allowedForRun.remove(runId);
    }

    /** Whether the approval is asked only because the model asked for it (execute_command's detail says why). */
    public static boolean onlyTheModelAsked(String detail) {
        return detail.strip().endsWith("\n\nNeeds approval: " + MODEL_ASKED);
    }
}
