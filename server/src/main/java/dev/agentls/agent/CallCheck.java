package dev.agentls.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.llm.ToolCall;
import dev.agentls.tools.ToolSet;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Refuses a tool call the model wrote wrongly before anything runs: a name that is no tool's (or is not a name at
 * all: huge, or with control characters), arguments past the size limit, arguments that are not a JSON object, or
 * that hold a NUL character. Each refusal says what was wrong in words the model can act on; the size is checked
 * before parsing, so a huge call costs one length test.
 */
final class CallCheck {

    /** A name longer than this is not a tool name (providers allow 64; MCP names add a server prefix). */
    static final int MAX_NAME_CHARS = 128;

    /** What was wrong: its kind (as {@code model_mistake} names it) and the text the model reads. */
    record Problem(String kind, String text) {}

    private final ToolSet tools;

    CallCheck(ToolSet tools) {
        this.tools = tools;
    }

    Optional<Problem> problem(ToolCall call, CallArguments read) {
        String name = call.name();
        if (name.isBlank() || name.equals(ToolSet.NAMELESS)) {
            return Optional.of(new Problem("bad_call", "the tool call has no name, so nothing was run (it is kept as "
                    + ToolSet.NAMELESS + "); call one of the tools by its name: " + String.join(", ", tools.names())
                    + "."));
        }
        if (name.length() > MAX_NAME_CHARS || name.chars().anyMatch(c -> c < 0x20)) {
            return Optional.of(new Problem("bad_call", "the tool name " + shown(name) + " is not a tool's name: a"
                    + " name is at most " + MAX_NAME_CHARS + " characters without control characters. The available"
                    + " tools are " + String.join(", ", tools.names()) + "."));
        }
        if (tools.find(name).isEmpty()) {
            return Optional.of(new Problem("unknown_tool", "unknown tool '" + name + "'; the available tools are "
                    + String.join(", ", tools.names())));
        }
        String arguments = call.argumentsJson();
        if (arguments.length() > ToolSet.MAX_ARGUMENT_CHARS) {
            return Optional.of(new Problem("bad_call", name + ": the arguments are " + arguments.length()
                    + " characters long; the limit is " + ToolSet.MAX_ARGUMENT_CHARS + ". Nothing was run. Split the"
                    + " work into smaller calls (write a large file in parts)."));
        }
        if (arguments.indexOf('\0') >= 0) {
            return Optional.of(nul(name));
        }
        if (read.refusal().isPresent()) {
            return Optional.of(new Problem("bad_call", name + ": " + read.refusal().get() + ": " + shorten(arguments)
                    + ". Nothing was run; call it again with valid JSON arguments."));
        }
        return holdsNul(read.tree().orElseThrow()) ? Optional.of(nul(name)) : Optional.empty();
    }

    private static Problem nul(String name) {
        return new Problem("bad_call", name + ": the arguments hold a NUL character (\\u0000), which no path, text or"
                + " command may contain. Nothing was run; call it again without it.");
    }

    /** Whether any name or text value in the tree holds a NUL; iterative, so a deep tree cannot overflow the stack. */
    private static boolean holdsNul(JsonNode root) {
        Deque<JsonNode> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            JsonNode node = pending.pop();
            if (node.isTextual() && node.asText().indexOf('\0') >= 0) {
                return true;
            }
            var names = node.fieldNames();
            while (names.hasNext()) {
                if (names.next().indexOf('\0') >= 0) {
                    return true;
                }
            }
            node.forEach(pending::push);
        }
        return false;
    }

    private static String shown(String name) {
        String visible = name.replaceAll("\\p{Cntrl}", "?");
        return visible.length() <= 60 ? "'" + visible + "'"
                : "'" + visible.substring(0, 60) + "…' (" + name.length() + " characters)";
    }

    static String shorten(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
