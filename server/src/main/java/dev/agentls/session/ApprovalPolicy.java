package dev.agentls.session;

import dev.agentls.host.ApprovalAnswer;
import dev.agentls.host.ApprovalQuestion;
import dev.agentls.host.ApprovalScope;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Which commands a workspace's runs may execute without asking, for every front door: a mode for all of them (ask,
 * deny all, allow all), the commands always allowed in {@link AlwaysAllowed#FILE}, and those allowed for one run.
 * {@link #approve} asks a front door's {@link Host} only when nothing decided before, with the scopes the approval may
 * be granted for, and applies the scope the user chose.
 */
public final class ApprovalPolicy {

    /** What happens to an approval nobody decided before. */
    public enum Mode { ASK, DENY_ALL, ALLOW_ALL }

    /** The reason execute_command gives when its safety check found nothing and the model asked for approval. */
    public static final String MODEL_ASKED = "the model asked for approval";
    /** How execute_command's detail introduces why a command needs approval. */
    static final String NEEDS_APPROVAL = "\n\nNeeds approval: ";

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
    Optional<Boolean> decided(String runId, String command, String detail, RunNotes notes) {
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

    /**
     * Decides the approval {@code title}/{@code detail} of run {@code runId}: without asking when the mode, the
     * always-allowed list or an earlier "for this run" decides it, else by asking {@code door}; completes with true
     * when it may go ahead. A denial's reason goes to {@code toModel}, the message the model reads before its next
     * call. A withdrawal of the returned future reaches the door's question.
     */
    public CompletableFuture<Boolean> approve(Host door, String runId, String title, String detail, RunNotes notes,
                                             Consumer<String> toModel) {
        ApprovalQuestion question = question(title, detail);
        String command = question.command();
        Optional<Boolean> already = decided(runId, command, detail, notes);
        if (already.isPresent()) {
            return CompletableFuture.completedFuture(already.get());
        }
        CompletableFuture<ApprovalAnswer> asked = door.approve(question);
        return QuestionWithdrawn.passedOn(asked.thenApply(answer -> {
            if (answer instanceof ApprovalAnswer.Denied denied && !denied.reason().isBlank()) {
                toModel.accept("I denied `" + command + "`: " + denied.reason());
            }
            return decide(runId, command, answer, notes);
        }), asked);
    }

    /** The question a front door is asked: only a command's approval can be remembered for the run or always. */
    public static ApprovalQuestion question(String title, String detail) {
        return detail.contains(NEEDS_APPROVAL)
                ? new ApprovalQuestion(title, detail, EnumSet.allOf(ApprovalScope.class))
                : ApprovalQuestion.once(title, detail);
    }

    /** Takes the user's answer; true when the command may run. */
    boolean decide(String runId, String command, ApprovalAnswer answer, RunNotes notes) {
        if (!(answer instanceof ApprovalAnswer.Allowed allowed)) {
            return false;
        }
        switch (allowed.scope()) {
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
            case ONCE -> { }
        }
        return true;
    }

    /** Forgets what the run was allowed; called when it ends. */
    public void runEnded(String runId) {
        allowedForRun.remove(runId);
    }

    /** Whether the approval is asked only because the model asked for it (execute_command's detail says why). */
    private static boolean onlyTheModelAsked(String detail) {
        return detail.strip().endsWith(NEEDS_APPROVAL + MODEL_ASKED);
    }
}
