package dev.agentls.session;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value built the first time it is asked for, then kept: what a session needs only for its first tool call or
 * run (the tool set with its parsers, the conversation store, the project's rules) is not built on the way to the
 * initialize answer. Thread-safe: a caller that comes while another builds waits for that build, and the value is
 * built once. A build that throws is tried again by the next caller.
 */
public final class OnFirstUse<T> implements Supplier<T> {

    private final Supplier<T> build;
    private volatile T value;

    public OnFirstUse(Supplier<T> build) {
        this.build = Objects.requireNonNull(build, "build");
    }

    @Override
    public T get() {
        T built = value;
        if (built != null) {
            return built;
        }
        synchronized (this) {
            if (value == null) {
                value = Objects.requireNonNull(build.get(), "built value");
            }
            return value;
        }
    }

    /** Whether the value has been built. */
    public boolean built() {
        return value != null;
    }
}
