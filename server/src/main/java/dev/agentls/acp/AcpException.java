package dev.agentls.acp;

/** A JSON-RPC error to answer with: its code (the protocol's, e.g. -32602 invalid params) and a message to act on. */
public final class AcpException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    static final int RESOURCE_NOT_FOUND = -32002;

    private final int code;

    AcpException(int code, String message) {
        super(message);
        this.code = code;
    }

    int code() {
        return code;
    }
}
