package dev.agentls.lsp;

import dev.agentls.config.AgentLsSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.services.LanguageClient;

/** Builds the object graph of one initialized connection; the launcher's wiring supplies it. */
@FunctionalInterface
interface SessionFactory {

    /** @param settings the settings in force, read by each run when it starts */
    Session open(List<Path> roots, LanguageClient client, ClientCapabilities capabilities,
                 Supplier<AgentLsSettings> settings);
}
