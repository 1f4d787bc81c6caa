package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunRequest;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.PathRefusedException;
import dev.agentls.workspace.ResolvedPath;
import dev.agentls.workspace.WorkspaceException;
import dev.agentls.workspace.WorkspaceRoots;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Turns a run command's arguments into a {@link RunRequest}: the prompt, the mode by name, the conversation, and the
 * editor's context (the document and range, whose text becomes the selection). Bad arguments are InvalidParams
 * naming the argument and what it must be; nothing is started.
 */
final class RunRequests {

    private final WorkspaceRoots roots;
    private final DocumentStore documents;

    RunRequests(WorkspaceRoots roots, DocumentStore documents) {
        this.roots = roots;
        this.documents = documents;
    }

    RunRequest of(CommandArguments arguments, String prompt) {
        RunRequest request;
        try {
            request = RunRequest.of(prompt);
        } catch (IllegalArgumentException e) {
            throw CommandFailure.invalidParams(arguments.command() + ": " + e.getMessage());
        }
        Optional<String> mode = arguments.optionalString("mode");
        if (mode.isPresent()) {
            RunMode chosen = RunMode.byId(mode.get()).orElseThrow(() -> CommandFailure.invalidParams(
                    arguments.command() + ": argument 'mode' must be one of " + Arrays.stream(RunMode.values())
                            .map(RunMode::id).toList() + ", got '" + Echo.bounded(mode.get()) + "'"));
            request = request.withMode(chosen);
        }
        Optional<String> conversation = arguments.optionalString("conversationId");
        if (conversation.isPresent()) {
            request = request.withConversation(conversation.get());
        }
        Optional<String> uri = arguments.optionalString("uri");
        Optional<JsonObject> range = arguments.optionalObject("range");
        if (range.isEmpty() && arguments.raw().has("diagnostics")) {
            throw CommandFailure.invalidParams(arguments.command() + ": argument 'diagnostics' needs 'range', the"
                    + " selection they are in");
        }
        if (range.isPresent() && uri.isEmpty()) {
            throw CommandFailure.invalidParams(arguments.command() + ": argument 'range' needs 'uri', the document"
                    + " it is in");
        }
        if (uri.isPresent()) {
            ResolvedPath path = resolve(arguments.command(), uri.get());
            request = request.withFocusedFiles(List.of(path.display()));
            if (range.isPresent()) {
                RunRequest.Range span = range(arguments.command(), range.get());
                request = request.withSelection(new RunRequest.Selection(uri.get(), span,
                        textIn(text(arguments.command(), path), span)), diagnostics(arguments));
            }
        }
        return request;
    }

    private static final List<String> SEVERITIES = List.of("error", "warning", "information", "hint");

    /**
     * {@code diagnostics}: the editor's diagnostics in the range (the "fix the diagnostics" code action carries
     * them), each {range, severity (LSP's 1-4), message}; absent is none.
     */
    private static List<RunRequest.Diagnostic> diagnostics(CommandArguments arguments) {
        String command = arguments.command();
        JsonElement value = arguments.raw().get("diagnostics");
        if (value == null || value.isJsonNull()) {
            return List.of();
        }
        if (!value.isJsonArray()) {
            throw CommandFailure.invalidParams(command + ": argument 'diagnostics' must be an array of {range,"
                    + " severity, message}");
        }
        List<RunRequest.Diagnostic> diagnostics = new java.util.ArrayList<>();
        int index = 0;
        for (JsonElement item : value.getAsJsonArray()) {
            String where = "diagnostics[" + index++ + "]";
            if (!item.isJsonObject() || !item.getAsJsonObject().has("range")
                    || !item.getAsJsonObject().get("range").isJsonObject()) {
                throw CommandFailure.invalidParams(command + ": '" + where + "' must be an object with a 'range'");
            }
            JsonObject diagnostic = item.getAsJsonObject();
            RunRequest.Range span = range(command, diagnostic.getAsJsonObject("range"));
            int severity = diagnostic.has("severity") ? number(command, diagnostic, where, "severity") : 1;
            if (severity < 1 || severity > SEVERITIES.size()) {
                throw CommandFailure.invalidParams(command + ": '" + where + ".severity' must be 1 to 4 (error,"
                        + " warning, information, hint), got " + severity);
            }
            JsonElement message = diagnostic.get("message");
            if (message == null || !message.isJsonPrimitive() || !message.getAsJsonPrimitive().isString()) {
                throw CommandFailure.invalidParams(command + ": '" + where + ".message' must be a string");
            }
            diagnostics.add(new RunRequest.Diagnostic(span, SEVERITIES.get(severity - 1), message.getAsString()));
        }
        return diagnostics;
    }

    ResolvedPath resolve(String command, String pathOrUri) {
        try {
            return roots.resolve(pathOrUri);
        } catch (PathRefusedException e) {
            throw CommandFailure.invalidParams(command + ": " + e.getMessage());
        }
    }

    /** The document's text: the open buffer, else disk. */
    String text(String command, ResolvedPath path) {
        try {
            return documents.snapshot(path).text();
        } catch (WorkspaceException e) {
            throw CommandFailure.invalidParams(command + ": " + e.getMessage());
        }
    }

    private static RunRequest.Range range(String command, JsonObject range) {
        int[] start = position(command, range, "start");
        int[] end = position(command, range, "end");
        try {
            return new RunRequest.Range(start[0], start[1], end[0], end[1]);
        } catch (IllegalArgumentException e) {
            throw CommandFailure.invalidParams(command + ": argument 'range': " + e.getMessage());
        }
    }

    private static int[] position(String command, JsonObject range, String name) {
        JsonElement value = range.get(name);
        if (value == null || !value.isJsonObject()) {
            throw CommandFailure.invalidParams(command + ": argument 'range' needs '" + name
                    + "', a {line, character} object");
        }
        JsonObject position = value.getAsJsonObject();
        return new int[] {number(command, position, name, "line"), number(command, position, name, "character")};
    }

    static int number(String command, JsonObject object, String where, String name) {
        JsonElement value = object.get(name);
        if (value == null || !value.isJsonPrimitive() || !value.getAsJsonPrimitive().isNumber()) {
            throw CommandFailure.invalidParams(command + ": '" + where + "." + name + "' must be a number");
        }
        double number = value.getAsDouble();
        if (number != Math.rint(number) || number < 0 || number > Integer.MAX_VALUE) {
            throw CommandFailure.invalidParams(command + ": '" + where + "." + name
                    + "' must be a whole number from 0, got " + Echo.bounded(value.toString()));
        }
        return (int) number;
    }

    /** The text of {@code range} in {@code text}, lines and UTF-16 characters clamped to the text as it is. */
    static String textIn(String text, RunRequest.Range range) {
        return text.substring(offset(text, range.startLine(), range.startCharacter()),
                Math.max(offset(text, range.startLine(), range.startCharacter()),
                        offset(text, range.endLine(), range.endCharacter())));
    }

    private static int offset(String text, int line, int character) {
        int at = 0;
        for (int i = 0; i < line; i++) {
            int next = text.indexOf('\n', at);
            if (next < 0) {
                return text.length();
            }
            at = next + 1;
        }
        int lineEnd = text.indexOf('\n', at);
        int end = lineEnd < 0 ? text.length() : lineEnd;
        return Math.min(end, at + character);
    }
}
