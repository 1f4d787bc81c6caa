package dev.agentls.llm;

import java.io.IOException;

/**
 * One HTTP request and its response, as {@link HttpAttempt} needs them: send the POST and read the response's head,
 * then the status, a header, and the body read by pieces, each piece waiting at most as long as it is told. The
 * seam between the attempt's rules (waits, cut streams, cancellation, failures) and the client that moves the bytes
 * ({@link OkHttpTransport}). A framing violation of the response is a {@link java.net.ProtocolException}.
 */
interface HttpExchange extends AutoCloseable {

    /**
     * Sends the request and reads the response's status and headers. A connect timeout says so in its message
     * ("connect"); a wait for the head that runs out is a {@link java.net.SocketTimeoutException}.
     */
    void send() throws IOException;

    /** The response's status code; only after {@link #send()}. */
    int status();

    /** The first value of header {@code name} (any case), or null when absent. */
    String header(String name);

    /**
     * Reads body bytes into {@code buffer}, waiting at most {@code timeoutNanos} (positive) for them: the count read,
     * or -1 at the body's end as its framing says. A wait that runs out is a
     * {@link java.net.SocketTimeoutException}.
     */
    int read(byte[] buffer, long timeoutNanos) throws IOException;

    /** Closes the connection, from any thread: a connect or read blocked on it ends at once. */
    void cancel();

    /** Releases the exchange; never throws. */
    @Override
    void close();
}
