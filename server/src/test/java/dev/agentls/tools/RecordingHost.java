package dev.agentls.tools;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.TextDecoder;
import dev.agentls.workspace.TextFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A host for tool tests: applies changes to disk the way a headless host does (atomic write, BOM kept), or refuses
 * them when told to, answers confirmations from a script, and records everything it was asked.
 */
public final class RecordingHost implements Host {

    public final List<FileChange> changes = new ArrayList<>();
    public final List<String> confirmations = new ArrayList<>();
    private final Deque<Boolean> answers = new ArrayDeque<>();
    private String refusal;

    /** The next confirmations answer these, in order; unscripted ones answer false. */
    public RecordingHost answering(Boolean... next) {
        answers.addAll(List.of(next));
        return this;
    }

    /** Every later change is refused with {@code reason}. */
    public RecordingHost refusingChanges(String reason) {
        this.refusal = reason;
        return this;
    }

    @Override
    public synchronized CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        changes.add(change);
        if (refusal != null) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused(refusal));
        }
        try {
            AtomicWriter writer = new AtomicWriter();
            if (change instanceof FileChange.Modify modify) {
                boolean bom = TextDecoder.hasBom(Files.readAllBytes(modify.path()));
                writer.write(modify.path(), modify.newText(), TextFormat.detect(modify.newText(), bom));
            } else if (change instanceof FileChange.Create create) {
                if (Files.exists(create.path())) {
                    return CompletableFuture.completedFuture(new ChangeOutcome.Refused("file exists"));
                }
                writer.write(create.path(), create.text(), TextFormat.NEW_FILE);
            } else if (change instanceof FileChange.Delete delete) {
                Files.delete(delete.path());
            }
            return CompletableFuture.completedFuture(new ChangeOutcome.Applied());
        } catch (IOException e) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused(e.toString()));
        }
    }

    @Override
    public synchronized CompletableFuture<Boolean> confirm(String title, String detail) {
        confirmations.add(title + "\n" + detail);
        Boolean answer = answers.poll();
        return CompletableFuture.completedFuture(answer != null && answer);
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        return CompletableFuture.completedFuture(Optional.empty());
    }

    @Override
    public void progress(String message) {
    }

    public static Path write(Path path, String text) throws IOException {
        Files.createDirectories(path.getParent());
        return Files.writeString(path, text);
    }
}
