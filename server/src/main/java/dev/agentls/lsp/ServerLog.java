package dev.agentls.lsp;

import dev.agentls.redaction.UrlUserinfo;
import java.io.PrintStream;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * Where the server says what it does: stderr always, and {@code window/logMessage} once a client is connected.
 * Never stdout, which carries only protocol bytes.
 */
final class ServerLog {

    private final PrintStream stderr;
    private final Clock clock;
    private volatile LanguageClient client;

    ServerLog(PrintStream stderr, Clock clock) {
        this.stderr = stderr;
        this.clock = clock;
    }

    void connect(LanguageClient client) {
        this.client = client;
    }

    void info(String message) {
        write(MessageType.Info, message);
    }

    void warn(String message) {
        write(MessageType.Warning, message);
    }

    void error(String message) {
        write(MessageType.Error, message);
    }

    /** A line on stderr only: for what a broken client sends, which would flood the editor's log if it went there. */
    void note(String message) {
        stderr.println(stamp() + " agentls: " + UrlUserinfo.redact(message));
    }

    /** An unexpected failure: its message to both, its stack trace to stderr only, never into an answer. */
    void failure(String message, Throwable cause) {
        write(MessageType.Error, message + ": " + cause);
        // A trace's messages can quote a URL; each line passes the same redaction as a message.
        java.io.StringWriter trace = new java.io.StringWriter();
        cause.printStackTrace(new java.io.PrintWriter(trace));
        stderr.print(UrlUserinfo.redact(trace.toString()));
    }

    private String stamp() {
        return DateTimeFormatter.ISO_INSTANT.format(clock.instant());
    }

    private void write(MessageType type, String raw) {
        String message = UrlUserinfo.redact(raw);
        stderr.println(stamp() + " agentls " + type + ": " + message);
        LanguageClient connected = client;
        if (connected != null) {
            connected.logMessage(new MessageParams(type, message));
        }
    }
}
