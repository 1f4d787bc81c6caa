package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.xml.XmlStreamEvent;
import dev.agentls.llm.xml.XmlToolStreamParser;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * XML tool mode on top of either protocol: the answer's text deltas go through one {@link XmlToolStreamParser} for
 * the whole logical answer (continuation rounds continue the same text, so a tag cut by the output limit is finished
 * by the next round), and its events become ordinary {@link ModelEvent}s. Calls get ids {@code xml_<answer>_N}, the
 * answer's part drawn at random, so no two calls of a conversation share one (a history keyed by call id, a provider
 * given the calls back natively after a mode switch, an editor's event log all tell them apart); their
 * arguments arrive whole in {@link ModelEvent.ToolCallCompleted} as a JSON object of string parameters. No argument
 * deltas are sent: a repeated parameter keeps its last value, so streamed fragments could not concatenate to the
 * final JSON. Everything that is not a text delta (thinking the provider streams apart, native events) passes
 * through untouched.
 */
final class XmlToolCalls implements Consumer<ModelEvent> {

    private final ObjectMapper json;
    private final Consumer<ModelEvent> downstream;
    private final XmlToolStreamParser parser;
    private final String answerId;
    private boolean madeToolCalls;
    /** The tool of the call begun last: the one a stream error concerns (left open, or too large). */
    private String lastTool = "";

    XmlToolCalls(ObjectMapper json, Map<String, Set<String>> parametersByTool, String answerId,
                 Consumer<ModelEvent> downstream) {
        this.json = json;
        this.answerId = answerId;
        this.downstream = downstream;
        this.parser = new XmlToolStreamParser(parametersByTool, this::onXml, XmlToolStreamParser.DEFAULT_MAX_TOOL_CALL_CHARS);
    }

    /**
     * Each tool's parameter names, read from the {@code properties} of its JSON Schema. Telling the parser the names
     * keeps a value whose text holds its own closing tag followed by some other tag (an XML file's
     * {@code </content>\n<div>}) whole; a schema without properties (or one that does not parse) accepts any name.
     * The names a tool also accepts (aliases, {@code explanation}) are parameters too.
     */
    static Map<String, Set<String>> declaredParameters(ObjectMapper json, List<ToolSpec> tools) {
        Map<String, Set<String>> byTool = new LinkedHashMap<>();
        for (ToolSpec tool : tools) {
            Set<String> names = new LinkedHashSet<>();
            try {
                JsonNode properties = json.readTree(tool.parametersSchemaJson()).path("properties");
                if (properties.isObject()) {
                    properties.fieldNames().forEachRemaining(names::add);
                }
            } catch (IOException e) {
                names.clear();
            }
            if (!names.isEmpty()) {
                names.addAll(tool.alsoAccepted());
            }
            byTool.put(tool.name(), Set.copyOf(names));
        }
        return byTool;
    }

    @Override
    public void accept(ModelEvent event) {
        if (event instanceof ModelEvent.TextDelta text) {
            parser.feed(text.text());
        } else {
            downstream.accept(event);
        }
    }

    /**
     * The answer is over: flushes held-back text; a tool tag left open becomes a {@link ModelEvent.ToolCallUnusable}
     * (the model's mistake to correct, not an unreadable answer).
     */
    void finish() {
        parser.finish();
    }

    boolean madeToolCalls() {
        return madeToolCalls;
    }

    private void onXml(XmlStreamEvent event) {
        if (event instanceof XmlStreamEvent.TextDelta t) {
            downstream.accept(new ModelEvent.TextDelta(t.text()));
        } else if (event instanceof XmlStreamEvent.ThinkingDelta t) {
            downstream.accept(new ModelEvent.ThinkingDelta(t.text()));
        } else if (event instanceof XmlStreamEvent.ToolCallStarted s) {
            madeToolCalls = true;
            lastTool = s.toolName();
            downstream.accept(new ModelEvent.ToolCallStarted(id(s.callIndex()), s.toolName()));
        } else if (event instanceof XmlStreamEvent.ToolCallCompleted c) {
            downstream.accept(new ModelEvent.ToolCallCompleted(id(c.callIndex()), c.toolName(),
                    arguments(c.parameters())));
        } else if (event instanceof XmlStreamEvent.StreamError e) {
            downstream.accept(new ModelEvent.ToolCallUnusable(lastTool, e.message()));
        }
        // ToolParameterDelta: not passed on, see the class comment.
    }

    /** The parameters as a JSON object of strings, in their order. */
    private String arguments(Map<String, String> parameters) {
        StringWriter out = new StringWriter();
        try (JsonGenerator arguments = json.createGenerator(out)) {
            arguments.writeStartObject();
            for (Map.Entry<String, String> parameter : parameters.entrySet()) {
                arguments.writeStringField(parameter.getKey(), parameter.getValue());
            }
            arguments.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing tool arguments to a string", e);
        }
        return out.toString();
    }

    private String id(int callIndex) {
        return "xml_" + answerId + "_" + callIndex;
    }
}
