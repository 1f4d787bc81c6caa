package dev.agentls.llm;

import dev.agentls.redaction.UrlUserinfo;

/**
 * Removes one API key, and the userinfo of any URL, from any text before it is logged or put into a failure: providers echo headers in error
 * bodies, and exceptions can carry request details. Keys shorter than 4 characters are not looked for (they would
 * mangle ordinary text and are not secrets worth the name).
 */
final class KeyRedactor {

    static final String MASK = "[redacted]";

    private final String key;

    KeyRedactor(String key) {
        this.key = key == null ? "" : key;
    }

    String redact(String text) {
        String shown = UrlUserinfo.redact(text);
        if (shown == null || key.length() < 4) {
            return shown;
        }
        return shown.replace(key, MASK);
    }

    /** The failure with the key removed from every text it carries. */
    ModelFailure redact(ModelFailure failure) {
        if (failure instanceof ModelFailure.Unauthorized f) {
            return new ModelFailure.Unauthorized(f.status(), redact(f.detail()));
        } else if (failure instanceof ModelFailure.BadRequest f) {
            return new ModelFailure.BadRequest(f.status(), redact(f.providerMessage()));
        } else if (failure instanceof ModelFailure.RateLimited f) {
            return new ModelFailure.RateLimited(f.retryAfter(), redact(f.detail()));
        } else if (failure instanceof ModelFailure.ServerError f) {
            return new ModelFailure.ServerError(f.status(), redact(f.detail()));
        } else if (failure instanceof ModelFailure.Unreachable f) {
            return new ModelFailure.Unreachable(redact(f.detail()));
        } else if (failure instanceof ModelFailure.StreamCut f) {
            return new ModelFailure.StreamCut(redact(f.detail()));
        } else if (failure instanceof ModelFailure.ProtocolError f) {
            return new ModelFailure.ProtocolError(redact(f.detail()));
        }
        return failure;
    }
}
