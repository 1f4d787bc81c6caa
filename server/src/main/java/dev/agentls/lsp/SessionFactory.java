package dev.agentls.lsp;

import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.services.LanguageClient;

/** Builds the object graph of one initialized connection; the launcher's wiring supplies it. */
@FunctionalInterface
interface SessionFactory {

    Session open(List<Path> roots, LanguageClient client, ClientCapabilities capabilities);
}
