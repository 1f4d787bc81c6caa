package dev.agentls.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.workspace.ResolvedPath;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The rule that a model replaces a whole existing file only after it has seen it in this conversation: read it (any
 * part), or written or edited it with its own successful call. Claude Code's Write tool has the same rule ("File has
 * not been read yet. Read it first before writing to it.", https://github.com/anthropics/claude-code/issues/4230):
 * content the model never saw would be lost unseen. An empty file has nothing to lose and passes
 * (https://github.com/anthropics/claude-code/issues/17895 is the trap of refusing it).
 */
final class ReadFirst {

    /** The calls after which the model knows a file's content. */
    static final Set<String> SEEING_TOOLS = Set.of("read_file", "write_to_file", "replace_in_file", "edit_file");

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The names a file tool takes its file under, {@code path} first. */
    private static final List<String> FILE_NAMES = Parameter.filePath("the file").names();

    private ReadFirst() {}

    /** Empty when the model may replace {@code path}; else the refusal saying what to do first. */
    static Optional<String> refusal(String tool, WorkspaceFiles files, ToolContext context, ResolvedPath path) {
        PastCalls past = context.pastCalls();
        if (!past.byModel() || seen(files, past.successful(), path)) {
            return Optional.empty();
        }
        return Optional.of(tool + ": '" + path.display() + "' exists and has not been read in this conversation;"
                + " read it with read_file first (or change parts of it with replace_in_file), so that none of its"
                + " content is lost unseen. Nothing was written.");
    }

    private static boolean seen(WorkspaceFiles files, List<PastCalls.Call> calls, ResolvedPath path) {
        for (PastCalls.Call call : calls) {
            if (!SEEING_TOOLS.contains(call.tool())) {
                continue;
            }
            Optional<String> named = fileOf(call.argumentsJson());
            if (named.isEmpty()) {
                continue;
            }
            try {
                if (files.resolve(call.tool(), named.get()).absolute().equals(path.absolute())) {
                    return true;
                }
            } catch (ToolRefusal refused) {
                // A path that no longer resolves names no file the model saw.
            }
        }
        return false;
    }

    /** The file a call named, under {@code path} or one of its aliases. */
    private static Optional<String> fileOf(String argumentsJson) {
        try {
            JsonNode arguments = JSON.readTree(argumentsJson);
            if (arguments == null || !arguments.isObject()) {
                return Optional.empty();
            }
            for (String name : FILE_NAMES) {
                if (arguments.path(name).isTextual()) {
                    return Optional.of(arguments.path(name).textValue());
                }
            }
        } catch (IOException e) {
            // Arguments that do not parse made no successful call: nothing seen.
        }
        return Optional.empty();
    }
}
