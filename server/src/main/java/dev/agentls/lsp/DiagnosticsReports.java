package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads an {@code agentls/diagnostics} notification; a malformed one is named for the log and changes nothing. */
final class DiagnosticsReports {

    /** A report read: the file's URI and its items, or why it was not read. */
    record Read(String uri, List<EditorDiagnostics.Item> items, Optional<String> problem) {}

    private DiagnosticsReports() {}

    static Read read(JsonObject params) {
        if (params == null || !params.has("uri") || !params.get("uri").isJsonPrimitive()) {
            return problem("agentls/diagnostics without a uri string");
        }
        String uri = params.get("uri").getAsString();
        JsonElement list = params.get("diagnostics");
        if (list == null || !list.isJsonArray()) {
            return problem("agentls/diagnostics for " + Echo.bounded(uri) + " without a diagnostics array");
        }
        List<EditorDiagnostics.Item> items = new ArrayList<>();
        for (JsonElement element : list.getAsJsonArray()) {
            if (!element.isJsonObject()) {
                return problem("agentls/diagnostics for " + Echo.bounded(uri) + ": an entry is not an object");
            }
            JsonObject entry = element.getAsJsonObject();
            int line = number(entry, "line", -1);
            int severity = number(entry, "severity", 1);
            String message = text(entry, "message");
            if (line < 0 || message.isEmpty()) {
                return problem("agentls/diagnostics for " + Echo.bounded(uri)
                        + ": an entry lacks a line (0 or more) or a message");
            }
            items.add(new EditorDiagnostics.Item(line, severity, message, text(entry, "source")));
        }
        return new Read(uri, items, Optional.empty());
    }

    private static Read problem(String why) {
        return new Read("", List.of(), Optional.of(why + "; ignored"));
    }

    private static int number(JsonObject entry, String key, int absent) {
        JsonElement value = entry.get(key);
        if (value == null || value.isJsonNull()) {
            return absent;
        }
        return value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber() ? value.getAsInt() : -1;
    }

    private static String text(JsonObject entry, String key) {
        JsonElement value = entry.get(key);
        return value != null && value.isJsonPrimitive() ? value.getAsString() : "";
    }
}
