package dev.agentls.lsp;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A run's milestones as {@code window/showMessage}, at most one message a second: what comes sooner is held and
 * shown with the others held, joined, when the second is up, so no milestone is lost (the finished message least of
 * all) and an editor that shows each message in its status line is not flooded.
 */
final class Milestones {

    static final Duration MIN_GAP = Duration.ofSeconds(1);

    private final Consumer<String> show;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private final List<String> held = new ArrayList<>();
    private long lastShownMillis = Long.MIN_VALUE / 2;
    private boolean flushScheduled;

    Milestones(Consumer<String> show, Clock clock, ScheduledExecutorService timer) {
        this.show = show;
        this.clock = clock;
        this.timer = timer;
    }

    synchronized void add(String milestone) {
        long now = clock.millis();
        long due = lastShownMillis + MIN_GAP.toMillis();
        if (held.isEmpty() && now >= due) {
            lastShownMillis = now;
            show.accept(milestone);
            return;
        }
        held.add(milestone);
        if (!flushScheduled) {
            flushScheduled = true;
            timer.schedule(this::flush, Math.max(0, due - now), TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void flush() {
        flushScheduled = false;
        if (held.isEmpty()) {
            return;
        }
        lastShownMillis = clock.millis();
        String joined = String.join("\n", held);
        held.clear();
        show.accept(joined);
    }
}
