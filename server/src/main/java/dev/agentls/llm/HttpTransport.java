package dev.agentls.llm;

/** Makes the {@link HttpExchange}s of one model client (one endpoint). */
interface HttpTransport {

    /** An exchange for {@code request}, not sent yet. */
    HttpExchange exchange(WireRequest request);

    /**
     * Does now what the first request would otherwise do on its way (parsing the endpoint), while the client is being
     * built; a URL that does not parse is left to that request, which reports it.
     */
    void prepare(String url);
}
