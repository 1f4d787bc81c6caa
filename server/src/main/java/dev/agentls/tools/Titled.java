package dev.agentls.tools;

import java.util.Objects;

/** One item of a {@link Parameter.Type#TITLED_ARRAY} value: a title and a description (empty when none was given). */
public record Titled(String title, String description) {
    public Titled {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(description, "description");
    }
}
