package dev.agentls.llm.replay;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A model's answers scripted at the wire, one {@link Response} per expected request, in order. Read from the JSONL
 * format described by {@link TranscriptReader}; served by {@link ReplayServer} (the product's
 * {@code agentls replay-model}) and by the test suite's scripted model.
 */
public record Transcript(List<Response> responses) {

    public Transcript {
        responses = List.copyOf(responses);
    }

    /**
     * One HTTP response: status, headers, a wait before the headers, then its body parts in order.
     * {@link Part.Cut} as a part ends the connection abruptly there, without a proper end of the body.
     */
    public record Response(int status, Map<String, String> headers, long delayMillis, List<Part> parts) {
        public Response {
            headers = Map.copyOf(headers);
            parts = List.copyOf(parts);
        }

        /** True when the response ends with a cut instead of a proper end of body. */
        public boolean endsWithCut() {
            return !parts.isEmpty() && parts.get(parts.size() - 1) instanceof Part.Cut;
        }
    }

    /** A piece of a response body. */
    public sealed interface Part {
        long delayMillis();

        /** Exact bytes, written and flushed after the delay. */
        record Bytes(String text, long delayMillis) implements Part {
            public Bytes {
                Objects.requireNonNull(text, "text");
            }

            public byte[] utf8() {
                return text.getBytes(StandardCharsets.UTF_8);
            }
        }

        /** After the delay, the connection is closed abruptly (no end-of-body marker). */
        record Cut(long delayMillis) implements Part {}
    }
}
