package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.agentls.agent.AgentEvent;
import java.util.Map;

/** A tool call in a few words for the progress line: {@code editing src/Foo.java}, {@code running `npm test`}. */
final class ToolCallText {

    private static final Map<String, String> VERBS = Map.of(
            "read_file", "reading", "edit_file", "editing", "replace_in_file", "editing",
            "write_to_file", "writing", "delete_file", "deleting", "list_code_definition_names", "outlining");

    private ToolCallText() {}

    static String of(AgentEvent.ToolCall call) {
        JsonObject arguments = arguments(call.arguments());
        String verb = VERBS.get(call.name());
        if (verb != null) {
            String file = string(arguments, "path");
            for (String alias : new String[] {"target_file", "file_path"}) {
                file = file == null ? string(arguments, alias) : file;
            }
            return file == null ? verb : verb + " " + RunWatch.firstLine(file);
        }
        if (call.name().equals("execute_command")) {
            String command = string(arguments, "command");
            return command == null ? "running a command" : "running `" + RunWatch.firstLine(command) + "`";
        }
        return call.name().replace('_', ' ');
    }

    private static JsonObject arguments(String text) {
        try {
            JsonElement parsed = JsonParser.parseString(text);
            return parsed.isJsonObject() ? parsed.getAsJsonObject() : new JsonObject();
        } catch (JsonParseException e) {
            return new JsonObject();
        }
    }

    private static String string(JsonObject object, String name) {
        JsonElement value = object.get(name);
        return value != null && value.isJsonPrimitive() && value.getAsJsonPrimitive().isString()
                ? value.getAsString() : null;
    }
}
