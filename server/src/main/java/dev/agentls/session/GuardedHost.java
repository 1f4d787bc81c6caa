package dev.agentls.session;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.DelegatingHost;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The host of one run around a front door's: each change is first checked against what the run's model last saw of
 * the file ({@link ModelViewGuard}: the user's typing since, or another run's change, is never overwritten, and the
 * model is told which it met); changes the door applied are told to
 * {@code onApplied} (the transcript's diff, the model's view, a front door's review). Asking, progress and the saves
 * before a command pass through.
 */
final class GuardedHost extends DelegatingHost {

    private final Function<Path, Optional<String>> seen;
    private final BiFunction<Path, String, Optional<String>> writer;
    private final Consumer<List<FileChange>> onApplied;

    /** @param writer the other run that left a file as the given text, if one did */
    GuardedHost(Host door, Function<Path, Optional<String>> seen, BiFunction<Path, String, Optional<String>> writer,
                Consumer<List<FileChange>> onApplied) {
        super(door);
        this.seen = seen;
        this.writer = writer;
        this.onApplied = onApplied;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return applyChanges(List.of(change));
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        ModelViewGuard.Checked checked = ModelViewGuard.check(changes, seen, writer);
        if (checked instanceof ModelViewGuard.Checked.Refused refused) {
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused(refused.reason()));
        }
        ModelViewGuard.Checked.Proceed proceed = (ModelViewGuard.Checked.Proceed) checked;
        List<FileChange> sent = proceed.changes();
        return delegate.applyChanges(sent).thenApply(outcome -> {
            if (!(outcome instanceof ChangeOutcome.Applied applied)) {
                return outcome;
            }
            onApplied.accept(sent);
            String note = String.join("\n", Stream.of(proceed.note(), applied.note())
                    .filter(text -> !text.isBlank()).toList());
            return new ChangeOutcome.Applied(note);
        });
    }

}
