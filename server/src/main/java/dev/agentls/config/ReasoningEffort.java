package dev.agentls.config;

import java.util.Optional;

/**
 * The {@code reasoning_effort} values of the OpenAI-compatible Chat Completions API, sent as they are named here.
 * Which ones a model takes varies ({@code none} only the newer models, {@code xhigh} the newest); a model that does
 * not know the value refuses the request, and that refusal reaches the user with the provider's message.
 */
public enum ReasoningEffort {
    NONE("none"),
    MINIMAL("minimal"),
    LOW("low"),
    MEDIUM("medium"),
    HIGH("high"),
    XHIGH("xhigh");

    private final String id;

    ReasoningEffort(String id) {
        this.id = id;
    }

    /** The name in settings, and the value sent. */
    public String id() {
        return id;
    }

    /** The effort with this name, exactly (lower case). */
    public static Optional<ReasoningEffort> byId(String id) {
        for (ReasoningEffort e : values()) {
            if (e.id.equals(id)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
