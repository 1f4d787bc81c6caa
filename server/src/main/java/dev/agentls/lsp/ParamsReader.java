package dev.agentls.lsp;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;

/**
 * Turns a message's {@code params} into the argument its method takes, whatever the order of the message's members
 * (LSP4J types params only when {@code method} came first, and answers nothing when a late-typed params fails).
 * A method of one parameter takes an object, or an array holding exactly that one object (JSON-RPC by-position);
 * a method of none takes nothing, null, or an empty object or array. Anything else is a {@link Mismatch} whose
 * message says what the method takes and what came.
 */
final class ParamsReader {

    private final Gson gson;

    ParamsReader(Gson gson) {
        this.gson = gson;
    }

    /** Why params do not fit their method; its message is the InvalidParams answer. */
    static final class Mismatch extends Exception {
        Mismatch(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The typed argument of {@code method} (a list for a method of several), null for none. {@code params} is null
     * when the member is absent; {@code required} says whether a one-parameter method may go without.
     */
    Object read(JsonRpcMethod method, JsonElement params, boolean required) throws Mismatch {
        String name = "'" + Echo.bounded(method.getMethodName()) + "'";
        Type[] types = method.getParameterTypes();
        boolean absent = params == null || params.isJsonNull();
        if (types.length == 0) {
            if (absent || isEmpty(params)) {
                return null;
            }
            throw new Mismatch(name + " takes no params; got " + describe(params));
        }
        if (absent) {
            if (required) {
                throw new Mismatch(name + " needs params, " + expected(types) + "; got " + describe(params));
            }
            return null;
        }
        if (types.length == 1) {
            JsonElement argument = params;
            if (params.isJsonArray()) {
                JsonArray array = params.getAsJsonArray();
                if (array.size() != 1) {
                    throw new Mismatch(name + " takes one parameter, an object; got an array of " + array.size()
                            + (array.size() == 1 ? " item" : " items"));
                }
                argument = array.get(0);
            }
            return convert(name, argument, types[0]);
        }
        if (!params.isJsonArray() || params.getAsJsonArray().size() != types.length) {
            throw new Mismatch(name + " takes " + types.length + " parameters as an array; got " + describe(params));
        }
        List<Object> arguments = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            arguments.add(convert(name, params.getAsJsonArray().get(i), types[i]));
        }
        return arguments;
    }

    private Object convert(String name, JsonElement argument, Type type) throws Mismatch {
        if (isObjectType(type) && !argument.isJsonObject()) {
            throw new Mismatch(name + " needs params, an object; got " + describe(argument));
        }
        try {
            return gson.fromJson(argument, type);
        } catch (RuntimeException e) {
            throw new Mismatch(name + " params do not fit " + simpleName(type) + where(argument, type, e));
        }
    }

    /**
     * Where and why {@code argument} does not fit: read again from its text, since a reader over text knows the
     * path where it stopped ("$.workDoneToken") and one over the tree does not. Only failures pay for the text.
     */
    private String where(JsonElement argument, Type type, RuntimeException treeFailure) {
        JsonReader reader = new JsonReader(new StringReader(argument.toString()));
        try {
            gson.getAdapter(TypeToken.get(type)).read(reader);
            return ": " + JsonProblems.describe(treeFailure);
        } catch (RuntimeException | IOException e) {
            return " at " + JsonProblems.path(reader) + ": " + JsonProblems.describe(e);
        }
    }

    /** LSP's params types are classes of ours or LSP4J's, read from JSON objects; a raw tree takes anything. */
    private static boolean isObjectType(Type type) {
        return type instanceof Class<?> c && !c.isPrimitive() && !c.isArray() && !JsonElement.class.isAssignableFrom(c)
                && c != Object.class && c != String.class && !Number.class.isAssignableFrom(c) && c != Boolean.class
                && !List.class.isAssignableFrom(c);
    }

    private static String expected(Type[] types) {
        return types.length == 1 ? "an object" : "an array of " + types.length;
    }

    private static boolean isEmpty(JsonElement params) {
        return params.isJsonObject() && params.getAsJsonObject().size() == 0
                || params.isJsonArray() && params.getAsJsonArray().size() == 0;
    }

    private static String simpleName(Type type) {
        return type instanceof Class<?> c ? c.getSimpleName() : type.getTypeName();
    }

    /** What a JSON value is, in words: "none" for an absent member. */
    static String describe(JsonElement value) {
        if (value == null) {
            return "none";
        }
        if (value.isJsonNull()) {
            return "null";
        }
        if (value.isJsonArray()) {
            return "an array";
        }
        if (value.isJsonObject()) {
            return "an object";
        }
        return value.getAsJsonPrimitive().isNumber() ? "a number"
                : value.getAsJsonPrimitive().isBoolean() ? "a boolean" : "a string";
    }
}
