package dev.agentls.llm;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a streamed model answer tells its consumer, in order, whatever the provider. A call delivers any number of
 * deltas and tool-call events, then exactly one {@link Usage} (when the provider reported any) and one
 * {@link Finished}; or it ends with a {@link ModelFailure} instead (see {@link ModelOutcome}). {@link Retrying} can
 * only come before the first other event: once the consumer has seen part of an answer it is never replayed.
 */
public sealed interface ModelEvent {

    /** Visible answer text. */
    record TextDelta(String text) implements ModelEvent {
        public TextDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /** Reasoning text the provider streams apart from the answer ({@code reasoning_content}, Anthropic thinking). */
    record ThinkingDelta(String text) implements ModelEvent {
        public ThinkingDelta {
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * Anthropic's signature of the thinking block just streamed; it must be sent back with that block when the
     * conversation continues after a tool call, so the consumer keeps it with the thinking text.
     */
    record ThinkingSignature(String signature) implements ModelEvent {
        public ThinkingSignature {
            Objects.requireNonNull(signature, "signature");
        }
    }

    /**
     * A thinking block the provider sent encrypted (Anthropic's {@code redacted_thinking}): nothing to show, but its
     * opaque {@code data} must go back unchanged, in its place among the answer's blocks, when the conversation
     * continues after a tool call. Its text form gives only the data's length, so a logged event carries no blob.
     */
    record RedactedThinking(ModelMessage.RedactedThinking block) implements ModelEvent {
        public RedactedThinking {
            Objects.requireNonNull(block, "block");
        }

        /** The event of a block with this data (refused when empty, as the block refuses it). */
        public RedactedThinking(String data) {
            this(new ModelMessage.RedactedThinking(data));
        }

        public String data() {
            return block.data();
        }

        @Override
        public String toString() {
            return block.toString();
        }
    }

    /**
     * The model began a tool call; its arguments follow as deltas. A call that never gets its
     * {@link ToolCallCompleted} before {@link Finished} (reason {@link FinishReason#LENGTH}) was cut by the output
     * limit while being written: it must not run.
     */
    record ToolCallStarted(String id, String name) implements ModelEvent {
        public ToolCallStarted {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * A tool call the answer began but that cannot run: an XML tool tag left open when the answer ended (often a tool's
     * tag written in prose), or one past the size bound. {@code problem} says what was received, for the model to
     * correct; the answer itself goes on and ends normally.
     */
    record ToolCallUnusable(String name, String problem) implements ModelEvent {
        public ToolCallUnusable {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(problem, "problem");
        }
    }

    /** A fragment of a tool call's JSON arguments, exactly as streamed (not valid JSON on its own). */
    record ToolCallArgumentsDelta(String id, String fragment) implements ModelEvent {
        public ToolCallArgumentsDelta {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(fragment, "fragment");
        }
    }

    /** A tool call is whole: its arguments are the concatenation of its deltas ({@code {}} when none came). */
    record ToolCallCompleted(String id, String name, String argumentsJson) implements ModelEvent {
        public ToolCallCompleted {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(argumentsJson, "argumentsJson");
        }
    }

    /**
     * Tokens of the whole logical answer (summed over continuation rounds) and its cost when the price table knows
     * the model.
     */
    record Usage(TokenUsage tokens, Optional<BigDecimal> cost) implements ModelEvent {
        public Usage {
            Objects.requireNonNull(tokens, "tokens");
            Objects.requireNonNull(cost, "cost");
        }
    }

    /** The answer is complete. {@code providerReason} is the provider's own word for it, for logs and display. */
    record Finished(FinishReason reason, String providerReason) implements ModelEvent {
        public Finished {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(providerReason, "providerReason");
        }
    }

    /** An attempt failed before anything reached the consumer; attempt {@code attempt} starts after {@code delay}. */
    record Retrying(int attempt, Duration delay, ModelFailure cause) implements ModelEvent {
        public Retrying {
            Objects.requireNonNull(delay, "delay");
            Objects.requireNonNull(cause, "cause");
        }
    }

    /**
     * Something the user should know before the answer, which does not stop the call (a prompt longer than the
     * context a local server runs the model with). Not part of the answer.
     */
    record Warning(String message) implements ModelEvent {
        public Warning {
            Objects.requireNonNull(message, "message");
        }
    }
}
