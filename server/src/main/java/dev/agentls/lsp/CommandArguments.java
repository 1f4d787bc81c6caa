package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.List;
import java.util.Optional;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;

/**
 * The arguments of one {@code workspace/executeCommand}, by our convention a single JSON object
 * ({@code "arguments": [{"uri": ..., "diff": ...}]}). It refuses anything else with a message naming the command
 * and the argument, so a client author can fix the call without reading our code.
 */
final class CommandArguments {

    private final String command;
    private final JsonObject object;

    private CommandArguments(String command, JsonObject object) {
        this.command = command;
        this.object = object;
    }

    /** Reads LSP4J's raw arguments (gson trees); fails when they are not exactly one JSON object. */
    static CommandArguments of(String command, List<Object> raw) {
        if (raw == null || raw.isEmpty()) {
            throw CommandFailure.invalidParams(command + " needs one argument, an object; got none");
        }
        if (raw.size() != 1) {
            throw CommandFailure.invalidParams(command + " needs one argument, an object; got " + raw.size());
        }
        Object first = raw.get(0);
        if (!(first instanceof JsonElement element) || !element.isJsonObject()) {
            throw CommandFailure.invalidParams(command + " needs one argument, an object; got " + describe(first));
        }
        return new CommandArguments(command, element.getAsJsonObject());
    }

    String command() {
        return command;
    }

    /** The whole argument object, for handlers that read members of other kinds. */
    JsonObject raw() {
        return object.deepCopy();
    }

    /** A required string member; missing, null or not a string is an error naming it. */
    String requireString(String name) {
        return optionalString(name).orElseThrow(() -> missing(name, "a string"));
    }

    Optional<String> optionalString(String name) {
        JsonElement value = object.get(name);
        if (value == null || value.isJsonNull()) {
            return Optional.empty();
        }
        if (value instanceof JsonPrimitive primitive && primitive.isString()) {
            return Optional.of(primitive.getAsString());
        }
        throw CommandFailure.invalidParams(command + ": argument '" + name + "' must be a string, got "
                + describe(value));
    }

    /** An optional object member; present but not an object is an error naming it. */
    Optional<JsonObject> optionalObject(String name) {
        JsonElement value = object.get(name);
        if (value == null || value.isJsonNull()) {
            return Optional.empty();
        }
        if (value.isJsonObject()) {
            return Optional.of(value.getAsJsonObject());
        }
        throw CommandFailure.invalidParams(command + ": argument '" + name + "' must be an object, got "
                + describe(value));
    }

    private ResponseErrorException missing(String name, String kind) {
        return CommandFailure.invalidParams(command + ": missing argument '" + name + "' (" + kind + ")");
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof JsonElement element) {
            if (element.isJsonNull()) {
                return "null";
            }
            if (element.isJsonArray()) {
                return "an array";
            }
            if (element.isJsonObject()) {
                return "an object";
            }
            JsonPrimitive primitive = element.getAsJsonPrimitive();
            return primitive.isNumber() ? "a number" : primitive.isBoolean() ? "a boolean" : "a string";
        }
        return value.getClass().getSimpleName();
    }
}
