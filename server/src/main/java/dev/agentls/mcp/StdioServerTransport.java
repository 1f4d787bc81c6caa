package dev.agentls.mcp;

import dev.agentls.threads.DaemonThreads;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * The stdio transport of the MCP spec (newline-delimited JSON-RPC on the server's stdin and stdout, its stderr free
 * text), ours rather than the SDK's because the SDK's stops reading at the first line it cannot use and tells nobody,
 * so every call waits for its time-out. Here a line that is not JSON-RPC is skipped and reported (servers that log to
 * stdout by mistake keep working), a line longer than the bound breaks the link at once with a reason (its calls fail
 * naming it, and the server is stopped), and a server that cannot start says why.
 */
final class StdioServerTransport implements McpClientTransport {

    /** What the transport reports to its connection. */
    interface Listener {
        /** The server's process started. */
        void started(ProcessHandle process);

        /** One line the server wrote to stderr. */
        void stderr(String line);

        /** A line on stdout that is not a JSON-RPC message, shown cut; the link goes on. */
        void skipped(String line);

        /** The link cannot go on (the server could not start, or broke the protocol); the server is stopped. */
        void broken(String reason);
    }

    private static final int SHOWN_CHARS = 200;

    private final List<String> command;
    private final Map<String, String> environment;
    private final Path directory;
    private final McpJsonMapper mapper;
    private final int maxLineChars;
    private final Listener listener;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(DaemonThreads.named("agentls-mcp-stdin"));
    private volatile Process process;
    private volatile boolean closing;

    /**
     * @param environment the server's whole environment (what it inherits and its entry's own)
     * @param maxLineChars the longest line the server may write on stdout
     */
    StdioServerTransport(List<String> command, Map<String, String> environment, Path directory,
                         McpJsonMapper mapper, int maxLineChars, Listener listener) {
        this.command = List.copyOf(command);
        this.environment = Map.copyOf(environment);
        this.directory = directory;
        this.mapper = mapper;
        this.maxLineChars = maxLineChars;
        this.listener = listener;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return Mono.fromRunnable(() -> {
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process started;
            try {
                started = builder.start();
            } catch (IOException e) {
                listener.broken("cannot run '" + String.join(" ", command) + "': " + e.getMessage());
                return;
            }
            process = started;
            listener.started(started.toHandle());
            thread("agentls-mcp-stdout", () -> readMessages(started, handler));
            thread("agentls-mcp-stderr", () -> readStderr(started));
        });
    }

    private void readMessages(Process from,
                              Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        try (Reader reader = new BufferedReader(new InputStreamReader(from.getInputStream(), StandardCharsets.UTF_8))) {
            StringBuilder line = new StringBuilder();
            char[] buffer = new char[8192];
            for (int read = reader.read(buffer); read >= 0; read = reader.read(buffer)) {
                int start = 0;
                for (int i = 0; i < read; i++) {
                    if (buffer[i] == '\n') {
                        line.append(buffer, start, i - start);
                        deliver(line.toString(), handler);
                        line.setLength(0);
                        start = i + 1;
                    }
                }
                line.append(buffer, start, read - start);
                if (line.length() > maxLineChars) {
                    listener.broken("wrote a message of more than " + maxLineChars + " characters on stdout (the"
                            + " bound on one message); it was stopped");
                    close();
                    return;
                }
            }
        } catch (IOException e) {
            // The process ended or was stopped: its exit is reported by whoever watches it.
        }
    }

    private void deliver(String line, Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        String text = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
        if (text.isBlank()) {
            return;
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(mapper, text);
        } catch (IOException | RuntimeException e) {
            listener.skipped(text.length() > SHOWN_CHARS ? text.substring(0, SHOWN_CHARS) + "\u2026" : text);
            return;
        }
        handler.apply(Mono.just(message)).subscribe(ignored -> { }, error -> { });
    }

    private void readStderr(Process from) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(from.getErrorStream(),
                StandardCharsets.UTF_8))) {
            // Lines are cut as they are read, so a server flooding stderr cannot fill our memory.
            StringBuilder line = new StringBuilder();
            for (int c = reader.read(); c >= 0; c = reader.read()) {
                if (c == '\n') {
                    listener.stderr(line.toString());
                    line.setLength(0);
                } else if (line.length() < SHOWN_CHARS * 5) {
                    line.append((char) c);
                }
            }
            if (!line.isEmpty()) {
                listener.stderr(line.toString());
            }
        } catch (IOException e) {
            // The process ended.
        }
    }

    @Override
    public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
        return Mono.defer(() -> {
            Process target = process;
            if (target == null || closing) {
                return Mono.error(new IOException("the server is not running"));
            }
            String line;
            try {
                line = mapper.writeValueAsString(message) + "\n";
            } catch (IOException e) {
                return Mono.error(e);
            }
            // Written on a thread of its own: a server that stops reading fills the pipe, and that must not block
            // the caller's (the SDK's) thread.
            return Mono.fromFuture(CompletableFuture.runAsync(() -> {
                try {
                    OutputStream in = target.getOutputStream();
                    in.write(line.getBytes(StandardCharsets.UTF_8));
                    in.flush();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, writer));
        });
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.fromRunnable(this::close);
    }

    /** Closes the server's stdin (the spec's way to end it), then ends it if it has not gone within a second. */
    @Override
    public void close() {
        closing = true;
        writer.shutdownNow();
        Process target = process;
        if (target == null) {
            return;
        }
        try {
            target.getOutputStream().close();
        } catch (IOException e) {
            // Already gone.
        }
        try {
            if (!target.waitFor(1, TimeUnit.SECONDS)) {
                target.destroy();
                if (!target.waitFor(1, TimeUnit.SECONDS)) {
                    target.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            target.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
        return mapper.convertValue(data, typeRef);
    }

    private static void thread(String name, Runnable work) {
        DaemonThreads.thread(name, work).start();
    }
}
