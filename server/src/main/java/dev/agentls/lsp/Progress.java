package dev.agentls.lsp;

import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ProgressParams;
import org.eclipse.lsp4j.WorkDoneProgressBegin;
import org.eclipse.lsp4j.WorkDoneProgressCreateParams;
import org.eclipse.lsp4j.WorkDoneProgressEnd;
import org.eclipse.lsp4j.WorkDoneProgressReport;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * Server-initiated {@code $/progress} for an editor that declares {@code window.workDoneProgress}: the first report
 * creates a token and begins, later ones report, {@link #end} ends it. Notifications are chained on the token's
 * creation, so they keep their order and never wait. Editors without the capability get {@code window/logMessage}.
 */
final class Progress {

    private final LanguageClient client;
    private final boolean supported;
    private int created;
    private String token;
    private CompletableFuture<Void> ready;

    Progress(LanguageClient client, ClientCapabilities capabilities) {
        this.client = client;
        this.supported = capabilities != null && capabilities.getWindow() != null
                && Boolean.TRUE.equals(capabilities.getWindow().getWorkDoneProgress());
    }

    synchronized void report(String message) {
        if (!supported) {
            client.logMessage(new MessageParams(MessageType.Log, message));
            return;
        }
        if (token == null) {
            token = "agentls-" + (++created);
            String begun = token;
            WorkDoneProgressBegin begin = new WorkDoneProgressBegin();
            begin.setTitle("AgentLS");
            begin.setMessage(message);
            ready = client.createProgress(new WorkDoneProgressCreateParams(Either.forLeft(begun)))
                    .thenRun(() -> send(begun, begin));
            return;
        }
        WorkDoneProgressReport report = new WorkDoneProgressReport();
        report.setMessage(message);
        String current = token;
        ready = ready.thenRun(() -> send(current, report));
    }

    synchronized void end(String message) {
        if (token == null) {
            return;
        }
        WorkDoneProgressEnd end = new WorkDoneProgressEnd();
        end.setMessage(message);
        String current = token;
        ready = ready.thenRun(() -> send(current, end));
        token = null;
    }

    private void send(String token, org.eclipse.lsp4j.WorkDoneProgressNotification value) {
        client.notifyProgress(new ProgressParams(Either.forLeft(token), Either.forLeft(value)));
    }
}
