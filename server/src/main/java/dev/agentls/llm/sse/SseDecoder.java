package dev.agentls.llm.sse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Decodes a {@code text/event-stream} byte stream exactly as the WHATWG HTML "event stream interpretation" says:
 * lines end in CRLF, LF or a lone CR (also when the CR and LF arrive in different chunks); one leading BOM is
 * dropped; lines starting with a colon are comments; a field's value loses one leading space; {@code data} lines
 * are joined with LF; an {@code id} containing NUL is ignored; a blank line dispatches, and an event without data is
 * not dispatched. Bytes are buffered per line, so a multi-byte character split across chunks decodes whole. One
 * event's size is bounded (see {@link #overflowed()}).
 *
 * <p>It owns framing only: what the data means is the protocol decoder's business. It never throws on bad input;
 * {@link #hasPartialEvent()} tells the caller at end of stream whether an event was left unfinished (a cut stream).
 */
public final class SseDecoder {

    /** Default bound on one event (its lines and data together): far above any real chunk, far below memory. */
    public static final int DEFAULT_MAX_EVENT_BYTES = 16 * 1024 * 1024;

    private final Consumer<SseEvent> sink;
    private final int maxEventBytes;
    private long eventBytes;
    private boolean overflowed;
    private byte[] line = new byte[256];
    private int lineLength;
    private boolean previousWasCr;
    private boolean atStart = true;
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    private String eventType = "";
    private String lastEventId = "";
    private boolean eventStarted;
    private long retryMillis = -1;

    public SseDecoder(Consumer<SseEvent> sink) {
        this(sink, DEFAULT_MAX_EVENT_BYTES);
    }

    /** @param maxEventBytes the most bytes one event may take before {@link #overflowed()} stops the decoding */
    public SseDecoder(Consumer<SseEvent> sink, int maxEventBytes) {
        this.sink = sink;
        this.maxEventBytes = maxEventBytes;
    }

    /**
     * True once an event grew past the bound (a server streaming without line ends, or a runaway event): the
     * decoder then ignores all further input and the caller should fail the stream.
     */
    public boolean overflowed() {
        return overflowed;
    }

    /** Feeds the next bytes of the stream; complete events are dispatched before this returns. */
    public void feed(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length && !overflowed; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                if (previousWasCr) {
                    previousWasCr = false;
                    continue;
                }
                endLine();
            } else if (b == '\r') {
                previousWasCr = true;
                endLine();
            } else {
                previousWasCr = false;
                append(b);
            }
        }
    }

    /** True when bytes of an event arrived that no blank line has dispatched yet (a stream cut mid-event). */
    public boolean hasPartialEvent() {
        return lineLength > 0 || eventStarted;
    }

    /** The last {@code retry:} value in milliseconds, or -1 when none came. */
    public long retryMillis() {
        return retryMillis;
    }

    private void append(byte b) {
        if (++eventBytes > maxEventBytes) {
            overflowed = true;
            return;
        }
        if (lineLength == line.length) {
            line = Arrays.copyOf(line, line.length * 2);
        }
        line[lineLength++] = b;
    }

    private void endLine() {
        int start = 0;
        if (atStart) {
            atStart = false;
            if (lineLength >= 3 && (line[0] & 0xFF) == 0xEF && (line[1] & 0xFF) == 0xBB && (line[2] & 0xFF) == 0xBF) {
                start = 3;
            }
        }
        String text = new String(line, start, lineLength - start, StandardCharsets.UTF_8);
        lineLength = 0;
        processLine(text);
    }

    private void processLine(String text) {
        if (text.isEmpty()) {
            dispatch();
            return;
        }
        if (text.charAt(0) == ':') {
            return;
        }
        eventStarted = true;
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        String value = colon < 0 ? "" : text.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "event" -> eventType = value;
            case "data" -> {
                data.append(value).append('\n');
                hasData = true;
            }
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    lastEventId = value;
                }
            }
            case "retry" -> {
                if (!value.isEmpty() && value.chars().allMatch(c -> c >= '0' && c <= '9') && value.length() < 19) {
                    retryMillis = Long.parseLong(value);
                }
            }
            default -> { }
        }
    }

    private void dispatch() {
        eventStarted = false;
        eventBytes = 0;
        if (!hasData) {
            eventType = "";
            return;
        }
        data.setLength(data.length() - 1);
        SseEvent event = new SseEvent(eventType.isEmpty() ? "message" : eventType, data.toString(), lastEventId);
        data.setLength(0);
        hasData = false;
        eventType = "";
        sink.accept(event);
    }
}
