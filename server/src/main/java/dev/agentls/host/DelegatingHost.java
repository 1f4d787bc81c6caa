package dev.agentls.host;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A host that wraps another and passes every method on to it, the default ones included; a decorator extends it and
 * overrides only what it changes, so a method added to {@link Host} reaches the wrapped host without a decorator
 * having to remember it.
 */
public abstract class DelegatingHost implements Host {

    /** The host this one wraps. */
    protected final Host delegate;

    protected DelegatingHost(Host delegate) {
        this.delegate = delegate;
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        return delegate.applyChange(change);
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChanges(List<FileChange> changes) {
        return delegate.applyChanges(changes);
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        return delegate.confirm(title, detail);
    }

    @Override
    public CompletableFuture<ApprovalAnswer> approve(ApprovalQuestion question) {
        return delegate.approve(question);
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        return delegate.ask(question, options);
    }

    @Override
    public String beforeCommandNotice() {
        return delegate.beforeCommandNotice();
    }

    @Override
    public CompletableFuture<String> beforeCommand() {
        return delegate.beforeCommand();
    }

    @Override
    public Optional<CommandTerminal> terminal() {
        return delegate.terminal();
    }

    @Override
    public void progress(String message) {
        delegate.progress(message);
    }
}
