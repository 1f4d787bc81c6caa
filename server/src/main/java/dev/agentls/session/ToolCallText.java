package dev.agentls.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.agent.AgentEvent;
import java.util.Map;

/** A tool call in a few words for the progress line: {@code editing src/Foo.java}, {@code running `npm test`}. */
public final class ToolCallText {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final Map<String, String> VERBS = Map.of(
            "read_file", "reading", "edit_file", "editing", "replace_in_file", "editing",
            "write_to_file", "writing", "delete_file", "deleting", "list_code_definition_names", "outlining");

    private ToolCallText() {}

    public static String of(AgentEvent.ToolCall call) {
        JsonNode arguments = arguments(call.arguments());
        String verb = VERBS.get(call.name());
        if (verb != null) {
            String file = string(arguments, "path");
            for (String alias : new String[] {"target_file", "file_path"}) {
                file = file == null ? string(arguments, alias) : file;
            }
            return file == null ? verb : verb + " " + RunTranscript.firstLine(file);
        }
        if (call.name().equals("execute_command")) {
            String command = string(arguments, "command");
            return command == null ? "running a command" : "running `" + RunTranscript.firstLine(command) + "`";
        }
        return call.name().replace('_', ' ');
    }

    private static JsonNode arguments(String text) {
        try {
            JsonNode parsed = JSON.readTree(text);
            return parsed instanceof ObjectNode ? parsed : JSON.createObjectNode();
        } catch (Exception malformed) {
            return JSON.createObjectNode();
        }
    }

    private static String string(JsonNode object, String name) {
        JsonNode value = object.get(name);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
