package dev.agentls.lsp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The diagnostics this server shows, per document and per owner (the instruction lines, each waiting run): a
 * {@code textDocument/publishDiagnostics} replaces all of a document's, so each change publishes the union.
 */
final class SessionDiagnostics {

    private final LanguageClient client;
    private final Map<String, Map<String, List<Diagnostic>>> byDocument = new LinkedHashMap<>();

    SessionDiagnostics(LanguageClient client) {
        this.client = client;
    }

    /** Replaces what {@code owner} shows in {@code uri} (empty: nothing) and publishes the document's union. */
    void set(String uri, String owner, List<Diagnostic> diagnostics) {
        List<Diagnostic> all = new ArrayList<>();
        // Published under the lock: two owners changing at once from two threads must not send the older union last.
        synchronized (this) {
            Map<String, List<Diagnostic>> owners = byDocument.computeIfAbsent(uri, key -> new LinkedHashMap<>());
            List<Diagnostic> previous = diagnostics.isEmpty() ? owners.remove(owner)
                    : owners.put(owner, List.copyOf(diagnostics));
            if (previous == null && diagnostics.isEmpty()) {
                return;
            }
            owners.values().forEach(all::addAll);
            client.publishDiagnostics(new PublishDiagnosticsParams(uri, all));
        }
    }
}
