package dev.agentls.tools;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code edit_file}: a Cursor-style edit with {@code ... existing code ...} markers. Its definition is complete; until
 * the lazy-edit merger is wired in, every call is a failure that points the model at {@code replace_in_file}.
 */
public final class EditFileTool implements Tool {

    @Override
    public String name() {
        return "edit_file";
    }

    @Override
    public String description() {
        return """
                Edits an existing file by showing only the changed parts: write the new code, and stand for every \
                stretch of unchanged code with a comment in the file's syntax such as "// ... existing code ...". \
                Include a few unchanged lines around each change so it can be placed; never leave out code without \
                the marker, or it is deleted. Say in one sentence what the edit does in instructions.
                Example:
                <edit_file>
                <target_file>src/main/java/demo/App.java</target_file>
                <instructions>Strip whitespace from the name before greeting.</instructions>
                <code_edit>// ... existing code ...
                    public String greet(String name) {
                        return greeting + ", " + name.strip() + "!";
                    }
                // ... existing code ...</code_edit>
                </edit_file>""";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                Parameter.required("target_file", Parameter.Type.STRING, "The file to edit, relative to the workspace root."),
                Parameter.required("instructions", Parameter.Type.STRING, "One sentence saying what the edit does."),
                Parameter.required("code_edit", Parameter.Type.STRING,
                        "The changed code, with '... existing code ...' comments for unchanged stretches.")
                        .maxLength(Parameter.LONG));
    }

    @Override
    public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
        return CompletableFuture.completedFuture(ToolResult.failure(name() + ": not available in this build yet;"
                + " nothing was changed. Use replace_in_file with SEARCH/REPLACE blocks instead."));
    }
}
