package dev.agentls.llm;

/** Makes the {@link HttpExchange}s of one model client (one endpoint). */
interface HttpTransport {

    /** An exchange for {@code request}, not sent yet. */
    HttpExchange exchange(WireRequest request);
}
