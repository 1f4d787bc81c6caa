package dev.agentls.config;

import java.util.Optional;

/**
 * How tools reach the model: {@code native} sends tool specs and reads the provider's tool calls; {@code xml}
 * describes the tools in the prompt and reads {@code <tool_name><param>...</param></tool_name>} tags from the text.
 */
public enum ToolMode {
    NATIVE("native"),
    XML("xml");

    private final String id;

    ToolMode(String id) {
        this.id = id;
    }

    /** The name used in settings and on the command line. */
    public String id() {
        return id;
    }

    /** The mode with this settings name, exactly (lower case). */
    public static Optional<ToolMode> byId(String id) {
        for (ToolMode m : values()) {
            if (m.id.equals(id)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
