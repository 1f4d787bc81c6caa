package dev.agentls.lsp;

import com.google.gson.JsonObject;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The editor as AgentLS talks to it: plain LSP plus our extensions, each sent only to a client that declares the
 * matching experimental capability (see {@link ClientExtensions}).
 */
interface AgentLsClient extends LanguageClient {

    /** One agent event, in {@code AgentEventJson}'s form: {@code {runId, seq, type, ...}}. */
    @JsonNotification("agentls/event")
    void agentEvent(EventJson event);

    /** A question of a run: {@code {runId, question, options}}; the answer is {@code {answer}} (null: dismissed). */
    @JsonRequest("agentls/ask")
    CompletableFuture<JsonObject> ask(JsonObject question);

    /** Save these buffers: {@code {uris}}; the answer is {@code {saved: [uris]}}, the ones the editor saved. */
    @JsonRequest("agentls/saveDocuments")
    CompletableFuture<JsonObject> saveDocuments(JsonObject params);
}
