package dev.agentls.lsp;

import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunStatus;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.EditorSettings;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.Snapshot;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * When a run started from an {@code @agent} line ends, the line becomes {@code @agent-done #<run> <summary>} through
 * the editor ({@code workspace/applyEdit}, one undo), or is removed when {@code editor.doneInstruction} is
 * {@code remove}. The line is found by its instruction, at its old line first,
 * else anywhere in the document, so typing above it does not matter; a line the user removed or changed is left alone.
 */
final class InstructionDone {

    static final int MAX_SUMMARY_CHARS = 120;

    /** How long to wait for the editor's report of a buffer the run just edited before marking a line in it. */
    static final Duration REPORT_WAIT = Duration.ofSeconds(3);

    private final WorkspaceRoots roots;
    private final DocumentStore documents;
    private final LspHost host;
    private final Supplier<AgentLsSettings> settings;

    /** @param settings the settings in force: {@code editor.doneInstruction} says to mark or remove the line */
    InstructionDone(WorkspaceRoots roots, DocumentStore documents, LspHost host, Supplier<AgentLsSettings> settings) {
        this.settings = settings;
        this.roots = roots;
        this.documents = documents;
        this.host = host;
    }

    /**
     * Marks the line; completes with why it was not marked, or empty when it was. The line is found on the buffer as
     * the editor last reported it, after the run's own edits to it (see {@link LspHost#reported}).
     */
    CompletableFuture<Optional<String>> mark(String uri, int line, String instruction, RunOutcome outcome) {
        ResolvedPath path;
        try {
            path = roots.resolve(uri);
        } catch (WorkspaceException e) {
            return CompletableFuture.completedFuture(Optional.of(e.getMessage()));
        }
        return host.reported(path.absolute(), REPORT_WAIT)
                .thenCompose(reported -> markNow(uri, line, instruction, outcome));
    }

    private CompletableFuture<Optional<String>> markNow(String uri, int line, String instruction, RunOutcome outcome) {
        ResolvedPath path;
        Snapshot snapshot;
        try {
            path = roots.resolve(uri);
            snapshot = documents.snapshot(path);
        } catch (WorkspaceException e) {
            return CompletableFuture.completedFuture(Optional.of(e.getMessage()));
        }
        String text = snapshot.text();
        List<InstructionLines.Instruction> found = InstructionLines.find(text);
        Optional<InstructionLines.Instruction> target = found.stream()
                .filter(i -> i.line() == line && i.text().equals(instruction)).findFirst()
                .or(() -> found.stream().filter(i -> i.text().equals(instruction)).findFirst());
        if (target.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.of("the instruction line is no longer in "
                    + path.display()));
        }
        String newText = settings.get().editor().doneInstruction() == EditorSettings.DoneInstruction.REMOVE
                ? removed(text, target.get())
                : replaced(text, target.get(), "@agent-done #" + outcome.runId() + " " + summary(outcome));
        return host.applyChange(new FileChange.Modify(path.absolute(), snapshot.version(), text, newText))
                .thenApply(result -> result instanceof ChangeOutcome.Refused refused
                        ? Optional.of(refused.reason()) : Optional.<String>empty());
    }

    static String summary(RunOutcome outcome) {
        String said = RunWatch.firstLine(outcome.text());
        String summary = outcome.status() == RunStatus.COMPLETED ? said : outcome.status().id()
                + (said.isEmpty() ? "" : ": " + said);
        return summary.length() <= MAX_SUMMARY_CHARS ? summary : summary.substring(0, MAX_SUMMARY_CHARS - 3) + "...";
    }

    /**
     * The text without the instruction: its whole line when nothing but indentation and a comment opener stands
     * before it, else only the instruction (code before it on the line stays, trailing blanks trimmed).
     */
    static String removed(String text, InstructionLines.Instruction instruction) {
        int lineStart = 0;
        for (int i = 0; i < instruction.line(); i++) {
            lineStart = text.indexOf('\n', lineStart) + 1;
        }
        int from = lineStart + instruction.start();
        int to = text.indexOf(instruction.text(), from) + instruction.text().length();
        int lineEnd = text.indexOf('\n', to);
        String before = text.substring(lineStart, from);
        String after = text.substring(to, lineEnd < 0 ? text.length() : lineEnd).strip();
        if (before.strip().matches("(//+|#+|--|;+|/\\*+|<!--|\\*)?") && after.matches("(\\*/|-->)?")) {
            return text.substring(0, lineStart) + (lineEnd < 0 ? "" : text.substring(lineEnd + 1));
        }
        // Code before a line comment holding only the instruction keeps its code, not the emptied comment.
        String kept = after.isEmpty() ? before.replaceFirst("\\s*(//+|#+|--|;+)\\s*$", "") : before.stripTrailing();
        return text.substring(0, lineStart) + kept + text.substring(to);
    }

    private static String replaced(String text, InstructionLines.Instruction instruction, String marker) {
        int lineStart = 0;
        for (int i = 0; i < instruction.line(); i++) {
            lineStart = text.indexOf('\n', lineStart) + 1;
        }
        int from = lineStart + instruction.start();
        int to = text.indexOf(instruction.text(), from) + instruction.text().length();
        return text.substring(0, from) + marker + text.substring(to);
    }
}
