package dev.agentls.lsp.review;

import java.util.List;
import java.util.Objects;

/**
 * One changed hunk of a run in one document: the lines the run replaced ({@code oldLines}) and the lines it wrote
 * ({@code newLines}), each with its line break, the lines around it as the run left them (null at the start or end
 * of the text) to find a deletion by, and why the run made it. {@code id} is {@code <run>.<n>}.
 */
public record Hunk(String id, String runId, String uri, List<String> oldLines, List<String> newLines,
                   String lineBefore, String lineAfter, String why) {

    public Hunk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(uri, "uri");
        oldLines = List.copyOf(oldLines);
        newLines = List.copyOf(newLines);
        Objects.requireNonNull(why, "why");
    }

    /** {@code +2 -1}: the lines it added and removed. */
    public String counts() {
        return "+" + newLines.size() + " -" + oldLines.size();
    }
}
