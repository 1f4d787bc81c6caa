package dev.agentls.lsp;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The URI the editor used for each open file. An edit must name a buffer exactly as the editor did (a symlinked
 * folder, an encoded character), so edits for open files reuse it; other files get their path's {@code file:} URI.
 */
final class OpenDocuments {

    private final Map<Path, String> uris = new ConcurrentHashMap<>();

    void opened(Path path, String uri) {
        uris.put(path, uri);
    }

    void closed(Path path) {
        uris.remove(path);
    }

    String uriOf(Path path) {
        return uris.getOrDefault(path, path.toUri().toString());
    }
}
