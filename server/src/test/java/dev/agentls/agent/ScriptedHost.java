package dev.agentls.agent;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The user's side in agent tests: file changes go to the real terminal host (atomic writes to disk); approvals and
 * questions are recorded and answered from scripted queues (declined / dismissed when the queue is empty), or left
 * waiting for ever when {@link #hangOnQuestions} is set (to cancel a run that waits for the user).
 */
final class ScriptedHost implements Host {

    final Host files;
    final ConcurrentLinkedQueue<Boolean> approvals = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<Optional<String>> answers = new ConcurrentLinkedQueue<>();
    final List<String> asked = new CopyOnWriteArrayList<>();
    final List<String> confirmed = new CopyOnWriteArrayList<>();
    final List<String> progress = new CopyOnWriteArrayList<>();
    final CompletableFuture<Void> questionWaiting = new CompletableFuture<>();
    volatile boolean hangOnQuestions;
    /** The futures given for questions left hanging, in order: how the run withdraws them shows here. */
    final List<CompletableFuture<?>> hanging = new CopyOnWriteArrayList<>();
    /** Runs when a question is asked, before it is answered (a test steers the run there). */
    volatile Runnable onAsk = () -> { };

    ScriptedHost(Host files) {
        this.files = files;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return files.applyChange(change);
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        return files.applyChanges(changes);
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        confirmed.add(title + "\n" + detail);
        if (hangOnQuestions) {
            CompletableFuture<Boolean> open = new CompletableFuture<>();
            hanging.add(open);
            questionWaiting.complete(null);
            return open;
        }
        Boolean answer = approvals.poll();
        return CompletableFuture.completedFuture(answer != null && answer);
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        asked.add(question + " " + options);
        onAsk.run();
        if (hangOnQuestions) {
            CompletableFuture<Optional<String>> open = new CompletableFuture<>();
            hanging.add(open);
            questionWaiting.complete(null);
            return open;
        }
        Optional<String> answer = answers.poll();
        return CompletableFuture.completedFuture(answer == null ? Optional.empty() : answer);
    }

    @Override
    public void progress(String message) {
        progress.add(message);
    }
}
