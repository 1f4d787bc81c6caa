package dev.agentls.llm;


/** One provider protocol: how a request goes on the wire and how its stream and its errors read. */
interface WireProtocol {

    /**
     * The HTTP request for {@code request}; {@code apiKey} may be empty (a loopback server that wants none), and
     * {@code withTools} is false in xml tool mode.
     */
    WireRequest build(ModelRequest request, int maxOutputTokens, String apiKey, boolean withTools);

    /** The URL every request of this protocol goes to. */
    String endpoint();

    /**
     * Whether an answer cut by the output limit may be continued by sending it back as a trailing assistant message
     * (a prefill). Anthropic refuses a prefill while extended thinking is on.
     */
    boolean continuesByPrefill();

    /** A decoder for one round, emitting into {@code sink}. */
    StreamDecoder decoder(EventSink sink);

    /** The failure an in-stream error object or an HTTP error body stands for (status 0 in-stream). */
    ModelFailure errorFailure(int status, String body, java.util.Optional<java.time.Duration> retryAfter);
}
