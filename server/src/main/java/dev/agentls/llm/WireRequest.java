package dev.agentls.llm;

import java.util.Map;

/**
 * One HTTP request as a protocol builds it. {@code secretHeaders} are the names whose values carry the key: they are
 * sent, never logged.
 */
record WireRequest(String url, Map<String, String> headers, java.util.Set<String> secretHeaders, String jsonBody) {
    WireRequest {
        headers = Map.copyOf(headers);
        secretHeaders = java.util.Set.copyOf(secretHeaders);
    }
}
