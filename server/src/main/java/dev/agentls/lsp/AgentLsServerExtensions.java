package dev.agentls.lsp;

import com.google.gson.JsonObject;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;

/** What a client of AgentLS may send beyond plain LSP. */
interface AgentLsServerExtensions {

    /**
     * The editor's other language servers' diagnostics of one file, as the editor holds them now:
     * {@code {uri, diagnostics: [{line (0-based), severity (1 error, 2 warning, 3, 4), message, source}]}}.
     */
    @JsonNotification("agentls/diagnostics")
    void editorDiagnostics(JsonObject params);
}
