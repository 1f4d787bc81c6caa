package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds tool calls a model wrote as text instead of making them natively, in the documented forms local models use:
 * {@code <tool_call>{"name": ..., "arguments": {...}}</tool_call>} (Hermes/Qwen without a server-side tool parser)
 * anywhere in the answer, or an answer that is nothing but such call objects, bare or each in a fenced
 * {@code ```json} block (Qwen2.5-Coder on Ollama). A call object names a tool that exists and has an object of
 * arguments ({@code "parameters"} is read as a synonym); JSON that is only data (a {@code package.json} shown to the
 * user) is not a call, and prose around bare JSON or a fence makes it an example, not a call.
 */
public final class TextToolCalls {

    /** Text longer than this is not searched: no real call is that large, and the search stays cheap. */
    static final int MAX_TEXT_CHARS = 1_000_000;

    private static final Pattern TAGGED = Pattern.compile("<tool_call>(.*?)</tool_call>", Pattern.DOTALL);
    private static final Pattern FENCE = Pattern.compile("```(?:json)?[ \\t]*\\n(.*?)\\n?```", Pattern.DOTALL);

    /** How the call was written. */
    public enum Form {
        TOOL_CALL_TAG("a <tool_call> tag"),
        FENCED_JSON("a fenced JSON block"),
        BARE_JSON("a bare JSON object");

        private final String words;

        Form(String words) {
            this.words = words;
        }

        /** The form in words, for events and messages. */
        public String words() {
            return words;
        }
    }

    /** A call found in the text: the tool, its arguments as a JSON object's text, and the form it was written in. */
    public record Found(String name, String argumentsJson, Form form) {
        public Found {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(argumentsJson, "argumentsJson");
            Objects.requireNonNull(form, "form");
        }
    }

    private final ObjectMapper json = WireJson.mapper();
    /** Reads one value of several in a row: the text after it is the next value, not trailing junk. */
    private final ObjectReader oneOfMany = json.reader().without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private final Set<String> toolNames;

    public TextToolCalls(Set<String> toolNames) {
        this.toolNames = Set.copyOf(toolNames);
    }

    /** The calls the text holds in one of the forms, in order; empty when it holds none (or any is not a call). */
    public List<Found> find(String text) {
        if (text.length() > MAX_TEXT_CHARS || text.isBlank()) {
            return List.of();
        }
        Matcher tagged = TAGGED.matcher(text);
        List<Found> found = new ArrayList<>();
        while (tagged.find()) {
            if (!calls(tagged.group(1), Form.TOOL_CALL_TAG, found)) {
                return List.of();
            }
        }
        if (!found.isEmpty()) {
            return found;
        }
        String whole = text.strip();
        if (whole.startsWith("```")) {
            Matcher fence = FENCE.matcher(whole);
            int end = 0;
            while (fence.find() && whole.substring(end, fence.start()).isBlank()) {
                if (!calls(fence.group(1), Form.FENCED_JSON, found)) {
                    return List.of();
                }
                end = fence.end();
            }
            return end == whole.length() ? found : List.of();
        }
        if (whole.startsWith("{") || whole.startsWith("[")) {
            return calls(whole, Form.BARE_JSON, found) ? found : List.of();
        }
        return List.of();
    }

    /** Adds the calls {@code text} holds (objects, or arrays of them); false when any value is not a call. */
    private boolean calls(String text, Form form, List<Found> into) {
        List<JsonNode> values = new ArrayList<>();
        try (JsonParser parser = json.createParser(text)) {
            while (parser.nextToken() != null) {
                values.add(oneOfMany.readTree(parser));
            }
        } catch (IOException e) {
            return false;
        }
        if (values.isEmpty()) {
            return false;
        }
        for (JsonNode value : values) {
            for (JsonNode object : value.isArray() ? value : List.of(value)) {
                Found call = call(object, form);
                if (call == null) {
                    return false;
                }
                into.add(call);
            }
        }
        return true;
    }

    private Found call(JsonNode object, Form form) {
        if (!object.isObject() || object.size() != 2 || !object.path("name").isTextual()) {
            return null;
        }
        String name = object.path("name").asText();
        JsonNode arguments = object.has("arguments") ? object.get("arguments") : object.path("parameters");
        if (!toolNames.contains(name)) {
            return null;
        }
        if (arguments.isObject()) {
            return new Found(name, arguments.toString(), form);
        }
        // Some servers put the arguments as a JSON string, as the OpenAI wire form does.
        return arguments.isTextual() ? WireJson.compactObject(json, arguments.asText())
                .map(compact -> new Found(name, compact, form)).orElse(null) : null;
    }
}
