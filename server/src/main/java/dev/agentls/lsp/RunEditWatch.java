package dev.agentls.lsp;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.host.FileChange;
import dev.agentls.lsp.review.ReviewBook;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * What one run's review needs to know from its events: why the tool call under way changes files (the review's "run
 * #3: why") and the run's first checkpoint ("Revert run"). Changes that land are recorded as review hunks.
 */
final class RunEditWatch implements AgentListener {

    private static final int MAX_WHY_CHARS = 160;
    private static final int MAX_SAID_CHARS = 4_000;

    private final String runId;
    private final ReviewBook review;
    private final Function<Path, String> uriOf;
    private final StringBuilder said = new StringBuilder();
    private volatile String why = "";

    RunEditWatch(String runId, ReviewBook review, Function<Path, String> uriOf) {
        this.runId = runId;
        this.review = review;
        this.uriOf = uriOf;
    }

    @Override
    public void onEvent(AgentEvent event) {
        if (event instanceof AgentEvent.Text text) {
            synchronized (said) {
                if (said.length() < MAX_SAID_CHARS) {
                    said.append(text.text());
                }
            }
        } else if (event instanceof AgentEvent.ToolCall call) {
            String before;
            synchronized (said) {
                before = said.toString();
                said.setLength(0);
            }
            why = reason(call, before);
        } else if (event instanceof AgentEvent.EditApplied applied && !applied.checkpointId().isEmpty()) {
            review.checkpoint(runId, applied.checkpointId());
        }
    }

    /** Changes that landed: each becomes review hunks. */
    void landed(List<FileChange> changes) {
        String reason = why.isBlank() ? "changed by the agent" : why;
        for (FileChange change : changes) {
            if (change instanceof FileChange.Modify modify) {
                review.record(runId, uriOf.apply(modify.path()), modify.oldText(), modify.newText(), reason);
            } else if (change instanceof FileChange.Create create) {
                review.record(runId, uriOf.apply(create.path()), "", create.text(), reason);
            }
        }
    }

    /**
     * The call's explanation; else the edit's instructions; else what the model said just before the call (models
     * say why before they edit); else the tool and its file.
     */
    private static String reason(AgentEvent.ToolCall call, String saidBefore) {
        String text = call.explanation().strip();
        if (text.isEmpty()) {
            text = call.arguments().purpose().orElse("").strip();
        }
        if (text.isEmpty()) {
            text = saidBefore.strip();
        }
        if (text.isEmpty()) {
            text = call.name() + call.arguments().file().map(f -> " " + f).orElse("");
        }
        String line = RunWatch.firstLine(text);
        return line.length() <= MAX_WHY_CHARS ? line : line.substring(0, MAX_WHY_CHARS - 3) + "...";
    }
}
