package dev.agentls.mcp;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** One configured server as {@code agentls mcp list} and the {@code agentls.mcp} command show it. */
public record McpServerStatus(McpServerEntry entry, McpServerState state) {

    /**
     * {@code {name, origin, transport, target, state, reason?, tools: [{name, exposedAs, description}], leftOut?}}: the
     * tools a run is offered ({@link OfferedTools}), descriptions cut; no env, no headers.
     */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("name", entry.name());
        node.put("origin", entry.origin().kind().name().toLowerCase(java.util.Locale.ROOT));
        node.put("source", entry.origin().label());
        node.put("transport", entry instanceof McpServerEntry.Stdio ? "stdio" : "http");
        node.put("target", entry.shown());
        node.put("state", state.id());
        if (state instanceof McpServerState.Failed || state instanceof McpServerState.Untrusted) {
            node.put("reason", state.describe());
        }
        var tools = node.putArray("tools");
        if (state instanceof McpServerState.Ready ready) {
            // What a run is offered, as a run sees it; what is left out, and why, beside.
            java.util.List<String> leftOut = new java.util.ArrayList<>();
            for (RemoteTool tool : OfferedTools.select(entry.name(), ready.tools(), leftOut)) {
                tools.addObject().put("name", tool.name()).put("exposedAs",
                        McpToolAdapter.exposedName(entry.name(), tool.name())).put("description",
                        tool.shortDescription());
            }
            if (!leftOut.isEmpty()) {
                leftOut.forEach(node.putArray("leftOut")::add);
            }
        }
        return node;
    }
}
