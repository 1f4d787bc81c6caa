package dev.agentls.edit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AppliedOutcomeTest {

    @Test
    void theNewTextIsBuiltOnceWhenFirstAskedAndEqualsTheTextBuiltAtOnce() {
        String text = "one\r\ntwo\r\nthree";
        EditOutcome.Applied applied = EngineTestSupport.applied(new SearchReplaceEngine().apply(text,
                List.of(new SearchReplaceBlock(1, "two\n", "2\n"),
                new SearchReplaceBlock(2, "three", "3"))));
        String first = applied.newText();
        assertEquals("one\r\n2\r\n3", first);
        assertSame(first, applied.newText());
        assertEquals(new EditOutcome.Applied("one\r\n2\r\n3", applied.matches()), applied);
        assertEquals(new EditOutcome.Applied("one\r\n2\r\n3", applied.matches()).hashCode(), applied.hashCode());
    }

    @Test
    void aDeferredTextIsRenderedAtMostOnceWhoeverAsks() throws InterruptedException {
        AtomicInteger renders = new AtomicInteger();
        EditOutcome.Applied applied = EditOutcome.Applied.deferred(() -> {
            renders.incrementAndGet();
            return "text";
        }, List.of());
        Thread[] askers = new Thread[4];
        for (int i = 0; i < askers.length; i++) {
            askers[i] = new Thread(applied::newText);
            askers[i].start();
        }
        for (Thread t : askers) {
            t.join();
        }
        assertEquals("text", applied.newText());
        assertEquals(1, renders.get());
    }
}
