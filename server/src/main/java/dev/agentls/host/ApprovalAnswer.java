package dev.agentls.host;

/** The user's answer to an {@link ApprovalQuestion}: allowed for one of the scopes it offered, or denied. */
public sealed interface ApprovalAnswer {

    /** Allowed for {@code scope}. */
    record Allowed(ApprovalScope scope) implements ApprovalAnswer {}

    /** Denied; {@code reason} is the line the user gave for the model, empty when none. */
    record Denied(String reason) implements ApprovalAnswer {
        public static final Denied WITHOUT_REASON = new Denied("");
    }
}
