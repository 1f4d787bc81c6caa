package dev.agentls.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The tools a run may call, by name, and the one entry point that calls them: it refuses unknown names, validates
 * arguments against the tool's parameters before the tool sees them, bounds their total size, and turns anything a
 * tool throws into a failure result, so a caller always gets a {@link ToolResult}.
 */
public final class ToolSet {

    /** Upper bound on a call's whole argument object, as JSON text; each parameter has its own tighter bound too. */
    public static final int MAX_ARGUMENT_CHARS = 4_000_000;

    /**
     * Tools known only when a run first needs them (an MCP server's tools, once it started), and notes on what could
     * not be had (a server that failed to start), which the run reports as warnings.
     */
    public record Later(List<Tool> tools, List<String> notes) {
        public Later {
            tools = List.copyOf(tools);
            notes = List.copyOf(notes);
        }
    }

    private final Map<String, Tool> tools = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private Function<Cancellation, Later> later;

    public ToolSet(List<Tool> tools) {
        for (Tool tool : tools) {
            if (this.tools.putIfAbsent(tool.name(), tool) != null) {
                throw new IllegalArgumentException("two tools are named " + tool.name());
            }
        }
    }

    /**
     * These tools, then the ones {@code later} gives the first time any tool is asked for (on the thread of the run
     * that asks, as its prompt is built). A later tool whose name is taken is left out with a note saying so.
     */
    public ToolSet(List<Tool> tools, Supplier<Later> later) {
        this(tools, cancellation -> later.get());
        Objects.requireNonNull(later, "later");
    }

    /**
     * As {@link #ToolSet(List, Supplier)}, for later tools whose gathering may wait (an MCP server's trust question):
     * they get the cancellation of the run that gathers them ({@link #gather}), so a cancel ends the wait.
     */
    public ToolSet(List<Tool> tools, Function<Cancellation, Later> later) {
        this(tools);
        this.later = Objects.requireNonNull(later, "later");
    }

    /** Gathers the later tools now, under {@code cancellation} (a run does so before it builds its prompt). */
    public synchronized void gather(Cancellation cancellation) {
        resolve(cancellation);
    }

    public List<Tool> tools() {
        return List.copyOf(resolved().values());
    }

    public Optional<Tool> find(String name) {
        return Optional.ofNullable(resolved().get(name));
    }

    /** What the named tool reads in a call's arguments; {@link CallFacts#NONE} for a name that is no tool's. */
    public CallFacts facts(String name, JsonNode arguments) {
        Tool tool = name == null ? null : resolved().get(name);
        return tool == null ? CallFacts.NONE : CallFacts.of(tool, arguments);
    }

    public List<String> names() {
        return List.copyOf(resolved().keySet());
    }

    /** What went wrong while gathering the later tools; empty when nothing did (or there were none). */
    public synchronized List<String> notes() {
        resolved();
        return List.copyOf(notes);
    }

    private synchronized Map<String, Tool> resolved() {
        return resolve(Cancellation.none());
    }

    private synchronized Map<String, Tool> resolve(Cancellation cancellation) {
        if (later != null) {
            Later gathered = later.apply(cancellation);
            later = null;
            notes.addAll(gathered.notes());
            for (Tool tool : gathered.tools()) {
                if (tools.putIfAbsent(tool.name(), tool) != null) {
                    notes.add("a second tool named " + tool.name() + " was left out");
                }
            }
        }
        return tools;
    }

    /**
     * The name a call the model made without one is kept under, in the history and in later requests: providers refuse
     * a history whose call has an empty name (OpenAI's {@code function.name}, Anthropic's {@code tool_use} name).
     */
    public static final String NAMELESS = "invalid_tool_call";

    /** Validates and runs one call; the future always completes normally, with a failure result on any problem. */
    public CompletableFuture<ToolResult> execute(String name, JsonNode arguments, ToolContext context) {
        Tool tool = name == null ? null : resolved().get(name);
        if (name == null || name.isBlank() || name.equals(NAMELESS)) {
            return CompletableFuture.completedFuture(ToolResult.failure("the tool call has no name, so nothing was"
                    + " run (it is kept as " + NAMELESS + "); call one of the tools by its name: "
                    + String.join(", ", names())));
        }
        if (tool == null) {
            return CompletableFuture.completedFuture(ToolResult.failure("unknown tool '" + bounded(name)
                    + "'; the available tools are " + String.join(", ", names())));
        }
        int size = arguments == null ? 0 : arguments.toString().length();
        if (size > MAX_ARGUMENT_CHARS) {
            return CompletableFuture.completedFuture(ToolResult.failure(name + ": the arguments are "
                    + size + " characters long; the limit is " + MAX_ARGUMENT_CHARS
                    + ". Split the work into smaller calls."));
        }
        ArgumentValidator.Validation validation = ArgumentValidator.validate(name, tool.parameters(), arguments);
        if (validation instanceof ArgumentValidator.Validation.Invalid invalid) {
            return CompletableFuture.completedFuture(ToolResult.failure(invalid.message()));
        }
        Arguments valid = ((ArgumentValidator.Validation.Valid) validation).arguments();
        if (context.cancellation().isCancelled()) {
            return CompletableFuture.completedFuture(ToolResult.failure(name + ": cancelled before it started"));
        }
        CompletableFuture<ToolResult> running;
        try {
            running = tool.run(valid, context);
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(unexpected(name, e));
        }
        return running.exceptionally(e -> unexpected(name, e));
    }

    /** {@code [{"name":..,"description":..,"parameters":{schema}}]}: what native tool calling sends to a model. */
    public ArrayNode definitions() {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (Tool tool : tools()) {
            ObjectNode definition = array.addObject();
            definition.put("name", tool.name());
            definition.put("description", tool.description());
            definition.set("parameters", tool.schema());
        }
        return array;
    }

    private static ToolResult unexpected(String name, Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return ToolResult.failure(name + ": failed unexpectedly: " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
    }

    /** A name the caller sent, repeated in a failure: at most 200 characters, with its real length when cut. */
    private static String bounded(String name) {
        return name.length() <= 200 ? name : name.substring(0, 200) + "\u2026 (" + name.length() + " characters)";
    }
}
