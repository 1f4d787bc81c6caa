package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The model client's deferred log against the real {@code java.util.logging} logger it publishes to, with a handler
 * that records what reaches it and an executor the test holds, so the timed making of the logger runs only when the
 * test lets it.
 */
class DeferredLogTest {

    private static final String NAME = "dev.agentls.llm.deferred-log-test";

    private final Logger logger = Logger.getLogger(NAME);
    private final List<LogRecord> published = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            published.add(record);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    /** Tasks handed to the log's executor, run when the test says. */
    private final BlockingQueue<Runnable> held = new LinkedBlockingQueue<>();
    private final Executor holding = held::add;

    @BeforeEach
    void capture() {
        logger.setUseParentHandlers(false);
        logger.setLevel(Level.FINE);
        logger.addHandler(capture);
    }

    @AfterEach
    void release() {
        logger.removeHandler(capture);
    }

    @Test
    void recordsMadeBeforeTheLoggerArePublishedInOrderWithTheirOwnTimeAndThreadWhenItIsMade() throws Exception {
        DeferredLog log = new DeferredLog(NAME, holding);
        Instant before = Instant.now();
        log.info(() -> "first");
        Thread other = new Thread(() -> log.fine(() -> "second, from another thread"));
        other.start();
        other.join();
        Thread.sleep(20);
        assertEquals(List.of(), published, "nothing is published before the logger is made");

        log.make();
        assertEquals(List.of("first", "second, from another thread"),
                published.stream().map(LogRecord::getMessage).toList());
        assertEquals(Level.INFO, published.get(0).getLevel());
        assertEquals(NAME, published.get(0).getLoggerName());
        assertTrue(!published.get(0).getInstant().isBefore(before)
                && published.get(0).getInstant().isBefore(published.get(1).getInstant().plusMillis(1)));
        assertTrue(Duration.between(published.get(0).getInstant(), Instant.now()).toMillis() >= 20,
                "the record keeps the time it was made, not the time it was published");
        assertEquals(Thread.currentThread().getId(), published.get(0).getLongThreadID());
        assertEquals(other.getId(), published.get(1).getLongThreadID());

        log.info(() -> "third");
        assertEquals("third", published.get(2).getMessage(), "once made, records go straight through");
    }

    @Test
    void aWaitingRecordBelowTheLoggersLevelIsDroppedWithoutBuildingItsMessage() {
        DeferredLog log = new DeferredLog(NAME, holding);
        AtomicInteger built = new AtomicInteger();
        log.finest(() -> {
            built.incrementAndGet();
            return "the request body";
        });
        log.fine(() -> "the request line");
        log.make();
        assertEquals(0, built.get(), "a FINEST message is never built for a FINE logger");
        assertEquals(List.of("the request line"), published.stream().map(LogRecord::getMessage).toList());
    }

    @Test
    void theLoggerIsMadeByTheExecutorOnceTheFirstRecordHasWaitedItsTime() throws Exception {
        DeferredLog log = new DeferredLog(NAME, holding);
        log.fine(() -> "waits");
        log.fine(() -> "waits too");
        Runnable making = held.poll(DeferredLog.MAKE_AFTER.toMillis() + 5_000, TimeUnit.MILLISECONDS);
        assertTrue(making != null, "the making was handed to the executor after " + DeferredLog.MAKE_AFTER);
        assertEquals(List.of(), published);
        making.run();
        assertEquals(List.of("waits", "waits too"), published.stream().map(LogRecord::getMessage).toList());
        assertEquals(List.of(), new ArrayList<>(held), "one making for the log, however many records waited");
    }

    @Test
    void recordsLoggedWhileTheWaitingOnesArePublishedComeAfterThem() throws Exception {
        DeferredLog log = new DeferredLog(NAME, holding);
        for (int i = 0; i < 200; i++) {
            int n = i;
            log.fine(() -> "waiting " + n);
        }
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 200; i++) {
                int n = i;
                log.fine(() -> "later " + n);
            }
        });
        writer.start();
        log.make();
        writer.join();
        List<String> messages = published.stream().map(LogRecord::getMessage).toList();
        assertEquals(400, messages.size());
        List<String> waiting = messages.stream().filter(m -> m.startsWith("waiting ")).toList();
        List<String> later = messages.stream().filter(m -> m.startsWith("later ")).toList();
        assertEquals(java.util.stream.IntStream.range(0, 200).mapToObj(i -> "waiting " + i).toList(), waiting);
        assertEquals(java.util.stream.IntStream.range(0, 200).mapToObj(i -> "later " + i).toList(), later);
        assertTrue(messages.indexOf("waiting 199") < messages.indexOf("later 0"),
                "records that waited are published before any logged after them: " + messages);
    }
}
