package dev.agentls.lsp;

import dev.agentls.session.RunNotes;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import java.math.RoundingMode;
import org.eclipse.lsp4j.services.LanguageClient;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What the editor sees of one run, from its events: each event as {@code agentls/event} to a client that declared
 * it, one {@code $/progress} for the run ({@code AgentLS #3: editing src/Foo.java (4/9)}), and the milestones
 * (started, once the run is accepted; waiting for you, each file changed, finished with its line counts, tokens and
 * cost) as throttled {@code window/showMessage}. Runs on the run's thread; it only sends notifications, never waits.
 */
final class RunWatch implements AgentListener {

    private final String runId;
    private final String prompt;
    private final LanguageClient client;
    private final ClientExtensions declared;
    private final Progress progress;
    private final Milestones milestones;
    private final RunNotes finishedSummary;
    private final Set<String> changedFiles = new LinkedHashSet<>();
    private int added;
    private int removed;
    private String step = "";
    private AgentEvent.TokenUsage usage;
    private boolean startedShown;

    /** @param finishedSummary hears the finished message (the transcript keeps it) */
    RunWatch(String runId, String prompt, LanguageClient client, ClientExtensions declared, Progress progress,
             Milestones milestones, RunNotes finishedSummary) {
        this.runId = runId;
        this.prompt = prompt;
        this.client = client;
        this.declared = declared;
        this.progress = progress;
        this.milestones = milestones;
        this.finishedSummary = finishedSummary;
    }

    @Override
    public void onEvent(AgentEvent event) {
        showStarted();
        if (event instanceof AgentEvent.RunStarted started) {
            progress("started (" + started.mode().id() + ")");
        } else if (event instanceof AgentEvent.StepStarted s) {
            step = " (" + s.step() + "/" + s.total() + ")";
            progress(s.title());
        } else if (event instanceof AgentEvent.ToolCall call) {
            progress(dev.agentls.session.ToolCallText.of(call));
        } else if (event instanceof AgentEvent.EditApplied edit) {
            synchronized (this) {
                changedFiles.add(edit.file());
                added += edit.added();
                removed += edit.removed();
            }
            milestones.add(label() + " changed " + edit.file() + " (+" + edit.added() + " -" + edit.removed() + ")");
        } else if (event instanceof AgentEvent.ApprovalRequested approval) {
            milestones.add(label() + " waits for you: " + approval.title() + " " + firstLine(approval.detail()));
        } else if (event instanceof AgentEvent.QuestionAsked question) {
            milestones.add(label() + " waits for you: " + firstLine(question.question()));
        } else if (event instanceof AgentEvent.TokenUsage tokens) {
            usage = tokens;
        } else if (event instanceof AgentEvent.RunFinished finished) {
            String summary = finishedText(finished);
            progress.end(summary);
            finishedSummary.note(summary);
            milestones.add(summary);
        }
        // Sent last, so a client that hears run_finished finds the transcript already holding the finished line.
        if (declared.events() && client instanceof AgentLsClient extended) {
            extended.agentEvent(EventJson.of(event));
        }
    }

    /**
     * The "started" milestone, shown as soon as the run is accepted: {@code run_started} waits for the model's first
     * answer when that answer decides the mode, and the user should not wait for the model to see that the command
     * took (issue 13: the command to the first message in at most 50 ms).
     */
    void accepted() {
        showStarted();
    }

    /** Once: by {@link #accepted}, or by the run's first event should the run thread get there first. */
    private synchronized void showStarted() {
        if (!startedShown) {
            startedShown = true;
            milestones.add(label() + " started: " + firstLine(prompt));
        }
    }

    /** {@code AgentLS #3 finished (completed): +52 -10 in 4 files; 1200 tokens in, 300 out; cost $0.0123}. */
    synchronized String finishedText(AgentEvent.RunFinished finished) {
        StringBuilder text = new StringBuilder(label()).append(" finished (").append(finished.status().id())
                .append("): +").append(added).append(" -").append(removed).append(" in ")
                .append(changedFiles.size()).append(changedFiles.size() == 1 ? " file" : " files");
        if (usage != null) {
            text.append("; ").append(usage.inputTokens()).append(" tokens in, ").append(usage.outputTokens())
                    .append(" out");
            usage.cost().ifPresent(cost -> text.append("; cost $").append(cost.setScale(4, RoundingMode.HALF_UP)
                    .stripTrailingZeros().toPlainString()));
        }
        if (!finished.text().isBlank()) {
            text.append(". ").append(firstLine(finished.text()));
        }
        return text.toString();
    }

    private void progress(String what) {
        progress.report(label() + ": " + what + step);
    }

    private String label() {
        return "AgentLS #" + runId;
    }

    static String firstLine(String text) {
        return dev.agentls.session.RunTranscript.firstLine(text);
    }
}
