package dev.agentls.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.llm.xml.XmlStreamEvent;
import dev.agentls.llm.xml.XmlToolStreamParser;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * XML tool mode on top of either protocol: the answer's text deltas go through one {@link XmlToolStreamParser} for
 * the whole logical answer (continuation rounds continue the same text, so a tag cut by the output limit is finished
 * by the next round), and its events become ordinary {@link ModelEvent}s. Calls get ids {@code xml_call_N}; their
 * arguments arrive whole in {@link ModelEvent.ToolCallCompleted} as a JSON object of string parameters. No argument
 * deltas are sent: a repeated parameter keeps its last value, so streamed fragments could not concatenate to the
 * final JSON. Everything that is not a text delta (thinking the provider streams apart, native events) passes
 * through untouched.
 */
final class XmlToolCalls implements Consumer<ModelEvent> {

    private final ObjectMapper json;
    private final Consumer<ModelEvent> downstream;
    private final XmlToolStreamParser parser;
    private String error;
    private boolean madeToolCalls;

    XmlToolCalls(ObjectMapper json, Map<String, Set<String>> parametersByTool, Consumer<ModelEvent> downstream) {
        this.json = json;
        this.downstream = downstream;
        this.parser = new XmlToolStreamParser(parametersByTool, this::onXml, XmlToolStreamParser.DEFAULT_MAX_TOOL_CALL_CHARS);
    }

    /**
     * Each tool's parameter names, read from the {@code properties} of its JSON Schema. Telling the parser the names
     * keeps a value whose text holds its own closing tag followed by some other tag (an XML file's
     * {@code </content>\n<div>}) whole; a schema without properties (or one that does not parse) accepts any name.
     */
    static Map<String, Set<String>> declaredParameters(List<ToolSpec> tools) {
        ObjectMapper json = new ObjectMapper();
        Map<String, Set<String>> byTool = new LinkedHashMap<>();
        for (ToolSpec tool : tools) {
            Set<String> names = new LinkedHashSet<>();
            try {
                json.readTree(tool.parametersSchemaJson()).path("properties").fieldNames().forEachRemaining(names::add);
            } catch (JsonProcessingException e) {
                names.clear();
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

    /** The answer is over: flushes held-back text and fails if a tool tag was left open or a call was dropped. */
    void finish() throws FailureException {
        parser.finish();
        if (error != null) {
            throw new FailureException(new ModelFailure.ProtocolError(error));
        }
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
            downstream.accept(new ModelEvent.ToolCallStarted(id(s.callIndex()), s.toolName()));
        } else if (event instanceof XmlStreamEvent.ToolCallCompleted c) {
            ObjectNode arguments = json.createObjectNode();
            c.parameters().forEach(arguments::put);
            downstream.accept(new ModelEvent.ToolCallCompleted(id(c.callIndex()), c.toolName(), arguments.toString()));
        } else if (event instanceof XmlStreamEvent.StreamError e) {
            if (error == null) {
                error = e.message();
            }
        }
        // ToolParameterDelta: not passed on, see the class comment.
    }

    private static String id(int callIndex) {
        return "xml_call_" + callIndex;
    }
}
