package dev.agentls.bench;

import com.google.gson.JsonObject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.WindowClientCapabilities;
import org.eclipse.lsp4j.jsonrpc.services.JsonNotification;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The client side of {@link LspRunBench}: declares {@code agentls/event} (experimental {@code agentlsEvents}) and
 * nothing else a run would wait on, and stamps, with {@link System#nanoTime}, when the run it expects sends
 * {@code run_started}, its first {@code window/showMessage} and {@code run_finished}, counting its events.
 */
public final class BenchClient implements LanguageClient {

    /** One run as the client saw it; times are {@link System#nanoTime} at receipt. */
    record Run(CompletableFuture<Long> started, CompletableFuture<Long> firstMessage, CompletableFuture<Long> finished,
               AtomicInteger events) {}

    private volatile Run current;
    private volatile long lastMessage;

    static ClientCapabilities capabilities() {
        ClientCapabilities capabilities = new ClientCapabilities();
        JsonObject experimental = new JsonObject();
        experimental.addProperty("agentlsEvents", true);
        capabilities.setExperimental(experimental);
        capabilities.setWindow(new WindowClientCapabilities());
        return capabilities;
    }

    /** The next run's record; call before starting it, once the previous one is over. */
    Run expectRun() {
        Run run = new Run(new CompletableFuture<>(), new CompletableFuture<>(), new CompletableFuture<>(),
                new AtomicInteger());
        current = run;
        return run;
    }

    /** When the last {@code window/showMessage} came ({@link System#nanoTime}), 0 before any. */
    long lastMessage() {
        return lastMessage;
    }

    @JsonNotification("agentls/event")
    public void agentEvent(JsonObject event) {
        long now = System.nanoTime();
        Run run = current;
        if (run == null) {
            return;
        }
        run.events().incrementAndGet();
        String type = event.has("type") ? event.get("type").getAsString() : "";
        if (type.equals("run_started")) {
            run.started().complete(now);
        } else if (type.equals("run_finished")) {
            run.finished().complete(now);
        }
    }

    @Override
    public void showMessage(MessageParams message) {
        long now = System.nanoTime();
        lastMessage = now;
        Run run = current;
        if (run != null) {
            run.firstMessage().complete(now);
        }
    }

    @Override
    public void telemetryEvent(Object object) {
    }

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {
    }

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams request) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void logMessage(MessageParams message) {
    }
}
