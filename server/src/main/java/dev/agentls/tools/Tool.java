package dev.agentls.tools;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One agent tool: its name, what it does in prose, an example call in XML form (for XML tool mode only: in native
 * mode the example would teach a model to write calls as text), its parameters (from which its JSON Schema and
 * argument validation derive), and the work itself. {@link ToolSet} validates arguments before {@link #run} is called,
 * so a tool only sees values of the declared types.
 */
public interface Tool {

    /** The name a model calls it by, e.g. {@code read_file}. */
    String name();

    /** What it does and its rules, in prose, the same in both tool modes; no example call. */
    String description();

    /**
     * An example call as XML tags, which XML tool mode shows after the description. By default one tag per required
     * parameter with a placeholder value; a tool whose values have a form to show gives its own.
     */
    default String xmlExample() {
        StringBuilder text = new StringBuilder("<").append(name()).append(">\n");
        for (Parameter parameter : parameters()) {
            if (parameter.required()) {
                text.append('<').append(parameter.name()).append(">...</").append(parameter.name()).append(">\n");
            }
        }
        return text.append("</").append(name()).append('>').toString();
    }

    /** Its parameters, in the order they are documented. */
    List<Parameter> parameters();

    /**
     * Does the work. Never throws for expected problems (bad paths, refusals, declines): those are a
     * {@link ToolResult.Failure} saying why. Returns at once; the answer arrives on the future.
     */
    CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context);

    /**
     * True when a call can neither change files nor run anything: such calls may run together, and run in read-only
     * modes (ask, or plan before the user approved it). False by default, so a tool that says nothing is treated as
     * one that changes things.
     */
    default boolean readOnly() {
        return false;
    }

    /** What kind of tool it is; {@link ToolKind#OTHER} unless it says. */
    default ToolKind kind() {
        return ToolKind.OTHER;
    }

    /** The word that describes a call of it under way ("reading", "editing"), when it has one. */
    default Optional<String> verb() {
        return Optional.empty();
    }

    /**
     * The parameter that says why a call changes something, beside the explanation every call may carry (an edit's
     * instructions); empty when it has none.
     */
    default Optional<String> purposeParameter() {
        return Optional.empty();
    }

    /** The JSON Schema of its arguments, for native tool calling. */
    default ObjectNode schema() {
        return ToolSchemas.schemaOf(parameters());
    }
}
