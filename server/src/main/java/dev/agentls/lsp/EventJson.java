package dev.agentls.lsp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentEventJson;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * An {@code agentls/event}'s params: the event in {@link AgentEventJson}'s form, built once as a Jackson tree and
 * written by {@link Adapter} straight into the message LSP4J's Gson writes, with no text or Gson tree between.
 */
record EventJson(ObjectNode tree) {

    EventJson {
        Objects.requireNonNull(tree, "tree");
    }

    static EventJson of(AgentEvent event) {
        return new EventJson(AgentEventJson.toJson(event));
    }

    /** Writes the tree token by token; the server never reads an event, so reading one is refused. */
    static final class Adapter extends TypeAdapter<EventJson> {

        @Override
        public void write(JsonWriter out, EventJson event) throws IOException {
            if (event == null) {
                out.nullValue();
            } else {
                write(out, event.tree());
            }
        }

        private static void write(JsonWriter out, JsonNode node) throws IOException {
            if (node.isObject()) {
                out.beginObject();
                for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                    Map.Entry<String, JsonNode> field = fields.next();
                    out.name(field.getKey());
                    write(out, field.getValue());
                }
                out.endObject();
            } else if (node.isArray()) {
                out.beginArray();
                for (JsonNode item : node) {
                    write(out, item);
                }
                out.endArray();
            } else if (node.isTextual()) {
                out.value(node.textValue());
            } else if (node.isBoolean()) {
                out.value(node.booleanValue());
            } else if (node.isIntegralNumber() && node.canConvertToLong()) {
                out.value(node.longValue());
            } else if (node.isNumber()) {
                out.value(node.numberValue());
            } else {
                out.nullValue();
            }
        }

        @Override
        public EventJson read(JsonReader in) {
            throw new UnsupportedOperationException("agentls/event is sent by the server, never read by it");
        }
    }
}
