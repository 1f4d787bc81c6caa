package dev.agentls.bench;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** A host for bench runs that change nothing and ask nobody: their answers call no tool that reaches it. */
final class NoChanges implements Host {

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return CompletableFuture.completedFuture(new ChangeOutcome.Refused("the bench changes nothing"));
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return CompletableFuture.completedFuture(false);
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        return CompletableFuture.completedFuture(Optional.empty());
    }

    @Override
    public void progress(String message) {
    }
}
