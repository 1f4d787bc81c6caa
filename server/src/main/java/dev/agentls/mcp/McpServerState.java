package dev.agentls.mcp;

import java.util.List;

/** Where one configured MCP server is in its life, as {@code agentls mcp list} and {@code agentls.mcp} show it. */
public sealed interface McpServerState {

    /** A word for the state: {@code not-started}, {@code starting}, {@code ready}, {@code failed}, ... */
    String id();

    /** The state in a few words, for messages. */
    default String describe() {
        return id();
    }

    record NotStarted() implements McpServerState {
        public String id() {
            return "not-started";
        }
    }

    record Starting() implements McpServerState {
        public String id() {
            return "starting";
        }
    }

    record Ready(List<RemoteTool> tools) implements McpServerState {
        public Ready {
            tools = List.copyOf(tools);
        }

        public String id() {
            return "ready";
        }
    }

    record Failed(String reason) implements McpServerState {
        public String id() {
            return "failed";
        }

        @Override
        public String describe() {
            return reason;
        }
    }

    /** A project's server the user did not trust: never started. */
    record Untrusted(String reason) implements McpServerState {
        public String id() {
            return "untrusted";
        }

        @Override
        public String describe() {
            return reason;
        }
    }

    record Stopped() implements McpServerState {
        public String id() {
            return "stopped";
        }
    }
}
