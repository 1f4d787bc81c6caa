package dev.agentls.mcp;

/**
 * What the broken streams of an HTTP server's session left behind. The SDK neither opens a broken event stream again
 * nor resumes one with {@code Last-Event-ID}: after a break the server's notices (a changed tool list) may be lost for
 * the rest of the session, so each run's start lists the tools itself; and a call whose answer was on a broken stream
 * waits for its timeout, whose message then says why. A new session (after the server forgot the old one) opens a new
 * stream.
 */
final class StreamBreaks {

    private boolean noticesLost;
    /** When a stream last broke ({@link System#nanoTime}), and how. */
    private long brokeAt;
    private String brokeHow;

    synchronized void broke(String how) {
        noticesLost = true;
        brokeAt = System.nanoTime();
        brokeHow = how;
    }

    synchronized void newSession() {
        noticesLost = false;
    }

    /** Whether notices may have been lost since the session began. */
    synchronized boolean noticesLost() {
        return noticesLost;
    }

    /** For a call sent at {@code sentAt} that timed out: the break that lost its answer, or empty. */
    synchronized String since(long sentAt) {
        return brokeHow != null && brokeAt - sentAt > 0 ? "; meanwhile a stream from it broke (" + brokeHow
                + ") and broken streams are not resumed, so the answer it carried was lost" : "";
    }
}
