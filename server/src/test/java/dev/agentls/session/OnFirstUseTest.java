package dev.agentls.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class OnFirstUseTest {

    @Test
    void callersThatComeWhileTheValueIsBuiltWaitForThatOneBuild() throws Exception {
        AtomicInteger builds = new AtomicInteger();
        CountDownLatch building = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        OnFirstUse<Object> value = new OnFirstUse<>(() -> {
            builds.incrementAndGet();
            building.countDown();
            try {
                assertTrue(release.await(30, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return new Object();
        });
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<Object>> got = new ArrayList<>();
            got.add(callers.submit(value::get));
            assertTrue(building.await(30, TimeUnit.SECONDS));
            for (int i = 0; i < 7; i++) {
                got.add(callers.submit(value::get));
            }
            assertFalse(value.built(), "not built while its build is under way");
            release.countDown();
            Object first = got.get(0).get(30, TimeUnit.SECONDS);
            for (Future<Object> each : got) {
                assertSame(first, each.get(30, TimeUnit.SECONDS));
            }
            assertEquals(1, builds.get());
            assertTrue(value.built());
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aBuildThatFailsIsTriedAgainByTheNextCaller() {
        AtomicInteger attempts = new AtomicInteger();
        OnFirstUse<String> value = new OnFirstUse<>(() -> {
            if (attempts.incrementAndGet() == 1) {
                throw new IllegalStateException("the first build failed: disk full");
            }
            return "built";
        });
        IllegalStateException failed = assertThrows(IllegalStateException.class, value::get);
        assertEquals("the first build failed: disk full", failed.getMessage());
        assertFalse(value.built());
        assertEquals("built", value.get());
        assertEquals("built", value.get());
        assertEquals(2, attempts.get());
    }
}
