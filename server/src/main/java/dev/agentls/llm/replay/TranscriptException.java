package dev.agentls.llm.replay;

/** A transcript that cannot be read; the message names the line and what was expected there. */
public final class TranscriptException extends Exception {
    public TranscriptException(String message) {
        super(message);
    }
}
