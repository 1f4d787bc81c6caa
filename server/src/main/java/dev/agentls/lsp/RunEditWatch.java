package dev.agentls.lsp;

import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentListener;
import dev.agentls.host.FileChange;
import dev.agentls.lsp.review.ReviewBook;
import dev.agentls.workspace.DocumentStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The files one editor run changed: each applied change becomes review hunks, with why the tool call under way made
 * it (the review's "run #3: why", from the run's events) and the run's first checkpoint ("Revert run"); and the text
 * the run left in each file, to tell which of them hold edits the disk lacks before a command.
 */
final class RunEditWatch implements AgentListener {

    private static final int MAX_WHY_CHARS = 160;
    private static final int MAX_SAID_CHARS = 4_000;

    private final String runId;
    private final ReviewBook review;
    private final Function<Path, String> uriOf;
    private final DocumentStore documents;
    private final StringBuilder said = new StringBuilder();
    private volatile String why = "";
    /** Per changed file, the run's last text; empty once the run deleted it. */
    private final Map<Path, Optional<String>> lastText = new LinkedHashMap<>();

    RunEditWatch(String runId, ReviewBook review, Function<Path, String> uriOf, DocumentStore documents) {
        this.runId = runId;
        this.review = review;
        this.uriOf = uriOf;
        this.documents = documents;
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

    /** Changes applied: each becomes review hunks, and the file's text as the run left it. */
    void applied(List<FileChange> changes) {
        String reason = why.isBlank() ? "changed by the agent" : why;
        for (FileChange change : changes) {
            if (change instanceof FileChange.Modify modify) {
                review.record(runId, uriOf.apply(modify.path()), modify.oldText(), modify.newText(), reason);
            } else if (change instanceof FileChange.Create create) {
                review.record(runId, uriOf.apply(create.path()), "", create.text(), reason);
            }
        }
        synchronized (lastText) {
            for (FileChange change : changes) {
                if (change instanceof FileChange.Modify modify) {
                    lastText.put(change.path(), Optional.of(modify.newText()));
                } else if (change instanceof FileChange.Create create) {
                    lastText.put(change.path(), Optional.of(create.text()));
                } else {
                    lastText.put(change.path(), Optional.empty());
                }
            }
        }
    }

    /** The changed files whose disk content differs from the editor's text of them, in the order first changed. */
    List<Path> unsaved() {
        Map<Path, Optional<String>> changed;
        synchronized (lastText) {
            changed = new LinkedHashMap<>(lastText);
        }
        List<Path> unsaved = new ArrayList<>();
        for (Map.Entry<Path, Optional<String>> entry : changed.entrySet()) {
            Path path = entry.getKey();
            if (entry.getValue().isEmpty()) {
                continue;
            }
            String disk = disk(path);
            // The buffer's report may lag the edit (agentls.el sends it after 0.2 s idle), so either text counts.
            boolean buffer = documents.isOpen(path) && !documents.snapshot(path).text().equals(disk);
            if (buffer || !entry.getValue().get().equals(disk)) {
                unsaved.add(path);
            }
        }
        return unsaved;
    }

    private static String disk(Path path) {
        try {
            String text = new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (IOException e) {
            return null;
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
