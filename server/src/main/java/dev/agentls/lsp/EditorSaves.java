package dev.agentls.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Asks the editor to save buffers ({@code agentls/saveDocuments} {@code {uris}}, answered {@code {saved: [uris]}}),
 * where the client declared {@code experimental.agentlsSave}; an editor saves its own buffers, so its undo history and
 * modified flags stay its own. The wait is bounded: an error or no answer is an outcome naming why, never a hang.
 */
final class EditorSaves {

    /** What became of one save request: the files saved, and why the others were not (empty when all were). */
    record Outcome(List<Path> saved, List<Path> unsaved, String why) {}

    private final AgentLsClient client;
    private final boolean declared;
    private final Duration timeout;
    private final Function<Path, String> uriOf;

    /** @param client null when the editor speaks plain LSP only */
    EditorSaves(AgentLsClient client, boolean declared, Duration timeout, Function<Path, String> uriOf) {
        this.client = client;
        this.declared = declared && client != null;
        this.timeout = timeout;
        this.uriOf = uriOf;
    }

    /** Whether this editor can be asked to save. */
    boolean available() {
        return declared;
    }

    CompletableFuture<Outcome> save(List<Path> paths) {
        if (!declared) {
            return CompletableFuture.completedFuture(new Outcome(List.of(), paths,
                    "this editor cannot be asked to save"));
        }
        JsonObject params = new JsonObject();
        JsonArray uris = new JsonArray();
        paths.forEach(path -> uris.add(uriOf.apply(path)));
        params.add("uris", uris);
        CompletableFuture<JsonObject> answer = client.saveDocuments(params);
        return answer.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).handle((result, error) -> {
            if (error != null) {
                answer.cancel(true);
                Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                        ? error.getCause() : error;
                String why = cause instanceof TimeoutException
                        ? "the editor did not answer the save request within " + timeout.toMillis() + " ms"
                        : "the editor answered the save request with an error: " + Echo.bounded(
                                String.valueOf(cause.getMessage()));
                return new Outcome(List.of(), paths, why);
            }
            Set<String> saved = new LinkedHashSet<>();
            JsonElement list = result == null ? null : result.get("saved");
            if (list != null && list.isJsonArray()) {
                list.getAsJsonArray().forEach(uri -> saved.add(uri.isJsonPrimitive() ? uri.getAsString() : ""));
            }
            List<Path> done = paths.stream().filter(path -> saved.contains(uriOf.apply(path))).toList();
            List<Path> left = paths.stream().filter(path -> !saved.contains(uriOf.apply(path))).toList();
            return new Outcome(done, left, left.isEmpty() ? "" : "the editor did not save them");
        });
    }
}
