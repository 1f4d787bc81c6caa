package dev.agentls.llm.sse;

import java.util.Objects;

/**
 * One dispatched server-sent event: its type ({@code message} when no {@code event:} field came), its data (the
 * {@code data:} lines joined by line feeds) and the last event id seen so far ({@code ""} when none).
 */
public record SseEvent(String type, String data, String lastEventId) {
    public SseEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(lastEventId, "lastEventId");
    }
}
