package dev.agentls.llm;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Why a model call failed, as facts the agent can act on. Messages never contain the API key: provider text passes
 * through the call's redactor before it gets here.
 */
public sealed interface ModelFailure {

    /** One sentence for the user or the log. */
    String message();

    /** The key was refused (401/403), or the environment variable that should hold it is unset or empty. */
    record Unauthorized(int status, String detail) implements ModelFailure {
        public String message() {
            return status == 0 ? detail : "the provider refused the API key (HTTP " + status + "): " + detail;
        }
    }

    /**
     * The provider refused the request as malformed (400, 404, 413, 422...); {@code providerMessage} says why. Status
     * 0: the client refused to send it (a tool's schema is not JSON), the message saying why.
     */
    record BadRequest(int status, String providerMessage) implements ModelFailure {
        public String message() {
            return status == 0 ? "the request cannot be sent: " + providerMessage
                    : "the provider rejected the request (HTTP " + status + "): " + providerMessage;
        }
    }

    /** 429, or a rate-limit error event; {@code retryAfter} is what the provider asked for, when it said. */
    record RateLimited(Optional<Duration> retryAfter, String detail) implements ModelFailure {
        public RateLimited {
            Objects.requireNonNull(retryAfter, "retryAfter");
        }

        public String message() {
            return "rate limited" + retryAfter.map(d -> " (retry after " + d.toMillis() + " ms)").orElse("")
                    + ": " + detail;
        }
    }

    /** 5xx or 529, or an error event such as Anthropic's {@code overloaded_error} ({@code status} 0 then). */
    record ServerError(int status, String detail) implements ModelFailure {
        public String message() {
            return (status == 0 ? "the provider reported an error" : "the provider failed (HTTP " + status + ")")
                    + ": " + detail;
        }
    }

    /** The connection could not be made at all (refused, unknown host, TLS). */
    record Unreachable(String detail) implements ModelFailure {
        public String message() {
            return "cannot reach the model: " + detail;
        }
    }

    /** The stream ended or broke before the answer was complete: a truncated answer, never passed off as whole. */
    record StreamCut(String detail) implements ModelFailure {
        public String message() {
            return "the answer stream was cut: " + detail;
        }
    }

    /**
     * One of the configured waits ran out, and the call was stopped with its connection closed. The message names the
     * wait, its limit and its setting.
     */
    record Timeout(TimeoutKind kind, Duration limit) implements ModelFailure {
        public Timeout {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(limit, "limit");
        }

        public String message() {
            if (kind == TimeoutKind.WHOLE_ANSWER) {
                return "the answer took longer than " + seconds(limit) + " s, so the call was stopped (agentls.llm"
                        + ".timeouts." + kind.setting + ")";
            }
            return "no " + kind.what + " within " + limit.toMillis() + " ms (agentls.llm.timeouts." + kind.setting
                    + ")";
        }

        /** Whole seconds, or decimals for a bound that is not whole seconds (so 300 ms does not read as 0 s). */
        private static String seconds(Duration limit) {
            long millis = limit.toMillis();
            return millis % 1000 == 0 ? Long.toString(millis / 1000)
                    : java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString();
        }
    }

    /**
     * The answer grew past the configured size limit ({@code agentls.llm.maxAnswerChars}: characters of text,
     * thinking and tool-call arguments over all continuation rounds), so the call was stopped and its connection
     * closed; {@code received} counts what had arrived, including the part that passed the limit.
     */
    record AnswerTooLarge(long limit, long received) implements ModelFailure {
        public String message() {
            return "the answer passed its size limit of " + limit + " characters (" + received + " had arrived), so"
                    + " the call was stopped; ask for a shorter answer, or raise agentls.llm.maxAnswerChars";
        }
    }

    /** The consumer cancelled the call. */
    record Cancelled() implements ModelFailure {
        public String message() {
            return "cancelled";
        }
    }

    /** The provider sent something this client cannot read (bad JSON, wrong content type, unknown call index). */
    record ProtocolError(String detail) implements ModelFailure {
        public String message() {
            return "unreadable answer from the provider: " + detail;
        }
    }

    /** Which configured wait ran out. */
    enum TimeoutKind {
        CONNECT("connection", "connect"),
        FIRST_BYTE("first byte of the answer", "firstByte"),
        IDLE("chunk after a pause in the stream", "idleBetweenChunks"),
        /** The stream stayed open (keep-alives, or silence shorter than the idle wait) but brought no content. */
        NO_PROGRESS("answer content (text, thinking or a tool call; keep-alives do not count)", "noProgress"),
        /** The answer kept coming (a drip of content resets the other waits) past the bound for a whole answer. */
        WHOLE_ANSWER("end of the answer", "wholeAnswer");

        private final String what;
        private final String setting;

        TimeoutKind(String what, String setting) {
            this.what = what;
            this.setting = setting;
        }
    }
}
