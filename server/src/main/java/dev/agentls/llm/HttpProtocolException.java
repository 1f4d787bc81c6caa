package dev.agentls.llm;

import java.io.IOException;

/**
 * The server's HTTP broke the protocol or a bound (a malformed status line, a head too large, a bad chunk size, an
 * unknown coding); the message names the fact. Read as a {@link ModelFailure.ProtocolError}, never as a cut stream.
 */
final class HttpProtocolException extends IOException {

    HttpProtocolException(String message) {
        super(message);
    }
}
