package dev.agentls.llm.sse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SseDecoderTest {

    private final List<SseEvent> events = new ArrayList<>();
    private final SseDecoder decoder = new SseDecoder(events::add);

    private void feed(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        decoder.feed(bytes, 0, bytes.length);
    }

    @Test
    void joinsMultiLineDataWithLineFeedsAndDropsOneLeadingSpace() {
        feed("data: first\ndata:  second\ndata:third\n\n");
        assertEquals(List.of(new SseEvent("message", "first\n second\nthird", "")), events);
    }

    @Test
    void acceptsCrLfAndLoneCrLineEndingsEvenSplitAcrossChunks() {
        feed("event: a\r\ndata: 1\r");
        feed("\n\r\n");
        feed("data: 2\r\rdata: 3\n\n");
        assertEquals(List.of(new SseEvent("a", "1", ""), new SseEvent("message", "2", ""),
                new SseEvent("message", "3", "")), events);
    }

    @Test
    void ignoresCommentsUnknownFieldsAndEventsWithoutData() {
        feed(": keep-alive\n\nevent: ping\n\nfoo: bar\ngarbage line\ndata: x\n\n");
        assertEquals(List.of(new SseEvent("message", "x", "")), events);
    }

    @Test
    void keepsTheLastEventIdAcrossEventsAndIgnoresIdsWithNul() {
        feed("id: 7\ndata: a\n\ndata: b\n\nid: bad\0id\ndata: c\n\n");
        assertEquals(List.of("7", "7", "7"), events.stream().map(SseEvent::lastEventId).toList());
    }

    @Test
    void aFieldWithoutColonHasAnEmptyValueAndDataAloneMakesAnEmptyLine() {
        feed("data\ndata\n\n");
        assertEquals(List.of(new SseEvent("message", "\n", "")), events);
    }

    @Test
    void dropsOneLeadingByteOrderMarkAndReadsRetry() {
        feed("\uFEFFretry: 1500\ndata: x\n\n");
        assertEquals(List.of(new SseEvent("message", "x", "")), events);
        assertEquals(1500, decoder.retryMillis());
    }

    @Test
    void reportsAnEventLeftUnfinishedAtTheEnd() {
        feed("data: {\"a\":1}\n\n");
        assertFalse(decoder.hasPartialEvent());
        feed("data: {\"a\"");
        assertTrue(decoder.hasPartialEvent());
        feed(":2}\n");
        assertTrue(decoder.hasPartialEvent(), "no blank line yet");
        assertEquals(1, events.size());
    }

    @Test
    void givesTheSameEventsForEverySplitOfTheBytesIncludingInsideMultiByteCharacters() {
        String stream = "event: x\r\ndata: grüße ✓ 😀\r\n\r\n: c\ndata: a\rdata: b\r\rid: 9\ndata: z\n\n";
        byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);
        List<SseEvent> whole = new ArrayList<>();
        new SseDecoder(whole::add).feed(bytes, 0, bytes.length);
        assertEquals(3, whole.size());
        Random random = new Random(11);
        for (int round = 0; round < 500; round++) {
            List<SseEvent> split = new ArrayList<>();
            SseDecoder d = new SseDecoder(split::add);
            int at = 0;
            while (at < bytes.length) {
                int n = Math.min(bytes.length - at, 1 + random.nextInt(6));
                d.feed(bytes, at, n);
                at += n;
            }
            assertEquals(whole, split, "round " + round);
        }
    }

    @Test
    void stopsAtAnEventPastItsBoundInsteadOfBufferingWithoutEnd() {
        List<SseEvent> seen = new ArrayList<>();
        SseDecoder small = new SseDecoder(seen::add, 64);
        byte[] ok = "data: fine\n\n".getBytes(StandardCharsets.UTF_8);
        small.feed(ok, 0, ok.length);
        byte[] endless = ("data: " + "x".repeat(100)).getBytes(StandardCharsets.UTF_8);
        small.feed(endless, 0, endless.length);
        byte[] more = "\n\ndata: late\n\n".getBytes(StandardCharsets.UTF_8);
        small.feed(more, 0, more.length);

        assertTrue(small.overflowed());
        assertEquals(List.of(new SseEvent("message", "fine", "")), seen);
    }
}
