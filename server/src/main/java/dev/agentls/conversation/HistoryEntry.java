package dev.agentls.conversation;

import java.time.Instant;
import java.util.Objects;

/**
 * One tool call of a conversation, as seed 000 keeps it: the tool, the reason (the call's {@code explanation}), its
 * parameters as JSON text, whether it succeeded and the result text the model read, and when it ended.
 */
public record HistoryEntry(String runId, String callId, String tool, String reason, String params, boolean ok,
                           String result, Instant timestamp) {
    public HistoryEntry {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(callId, "callId");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(timestamp, "timestamp");
    }
}
