package dev.agentls.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.Cancellation;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * One MCP server's connection, on the SDK's async client: started on demand (a stdio server in the workspace folder,
 * its stderr lines to the server log and the last few kept for messages), its tools listed once, calls bounded in
 * time and cancellable, closed with the session. A server that failed or stopped is started again by the next
 * {@link #start} (the next run that needs it).
 */
final class McpConnection {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int STDERR_LINES = 12;
    private static final int MAX_PAGES = 50;
    private static final int MAX_CAUSE_CHARS = 500;
    private static final McpSchema.Implementation CLIENT = new McpSchema.Implementation("agentls", "0.1.0");
    /** Start-up (a JVM, or npx fetching a package) gets at least this long, however short the call timeout is. */
    static final Duration MIN_START = Duration.ofSeconds(20);

    private final McpServerEntry entry;
    private final ServerTransports transports;
    /** How often an HTTP server forgot the session: a request under way when it changed is sent again. */
    private final AtomicInteger sessionExpiries = new AtomicInteger();
    private final Duration timeout;
    private final Consumer<String> log;
    private final java.util.Set<CompletableFuture<?>> pending = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Deque<String> stderr = new ArrayDeque<>();
    private int skippedLines;
    private String lastSkipped;
    private McpAsyncClient client;
    private CompletableFuture<List<RemoteTool>> started;
    private McpServerState state = new McpServerState.NotStarted();

    /**
     * @param workingDirectory where a stdio server is started (the workspace root)
     * @param timeout          the bound on start-up and on each request
     * @param log              the server log, which gets the server's stderr and its lifecycle
     */
    McpConnection(McpServerEntry entry, Path workingDirectory, Duration timeout, Consumer<String> log) {
        this.entry = entry;
        this.transports = new ServerTransports(workingDirectory, timeout);
        this.timeout = timeout;
        this.log = log;
    }

    McpServerEntry entry() {
        return entry;
    }

    synchronized McpServerState state() {
        return state;
    }

    /** Starts the server unless it runs (or is starting); completes with its tools, or fails saying why. */
    synchronized CompletableFuture<List<RemoteTool>> start() {
        if (started != null && !(state instanceof McpServerState.Failed) && !(state instanceof McpServerState.Stopped)) {
            return started;
        }
        closeClient();
        state = new McpServerState.Starting();
        log.accept("MCP server '" + entry.name() + "': starting " + entry.shown());
        if (entry instanceof McpServerEntry.Stdio stdio && !ServerTransports.startable(stdio.command(),
                System.getenv("PATH"))) {
            fail(new McpServerException("the command '" + stdio.command() + "' is not an executable file"
                    + (stdio.command().contains("/") ? "" : " on PATH")));
            started = CompletableFuture.failedFuture(new McpServerException(state.describe()));
            return started;
        }
        McpAsyncClient created;
        try {
            // The SDK's own bound covers start-up requests too; each call gets the (possibly shorter) call bound below.
            created = McpClient.async(transports.of(entry, new StdioEvents(), sessionExpiries::incrementAndGet))
                    .requestTimeout(startTimeout()).initializationTimeout(startTimeout()).clientInfo(CLIENT).build();
        } catch (RuntimeException e) {
            fail(e);
            started = CompletableFuture.failedFuture(new McpServerException(state.describe()));
            return started;
        }
        client = created;
        CompletableFuture<List<RemoteTool>> listing = new CompletableFuture<>();
        pending.add(listing);
        created.initialize()
                .then(Mono.defer(() -> listTools(created, null, new ArrayList<>(), 0)))
                .timeout(startTimeout())
                .subscribe(listing::complete, listing::completeExceptionally);
        listing.whenComplete((tools, error) -> pending.remove(listing));
        started = listing.handle((tools, error) -> {
            synchronized (this) {
                if (error != null) {
                    if (!(state instanceof McpServerState.Failed)) {
                        // Unless the process's exit or a broken link already said why.
                        fail(error);
                    }
                    closeClient();
                    throw new McpServerException(((McpServerState.Failed) state).reason());
                }
                state = new McpServerState.Ready(tools);
                log.accept("MCP server '" + entry.name() + "': ready, " + tools.size() + " tools");
                return tools;
            }
        });
        return started;
    }

    private Mono<List<RemoteTool>> listTools(McpAsyncClient c, String cursor, List<RemoteTool> all, int page) {
        return c.listTools(cursor).flatMap(result -> {
            for (McpSchema.Tool tool : result.tools()) {
                all.add(new RemoteTool(tool.name(), tool.description(), schemaOf(tool.inputSchema())));
            }
            String next = result.nextCursor();
            return next == null || next.isEmpty() || page + 1 >= MAX_PAGES ? Mono.just(List.copyOf(all))
                    : listTools(c, next, all, page + 1);
        });
    }

    private static ObjectNode schemaOf(Map<String, Object> schema) {
        ObjectNode node = schema == null ? JSON.createObjectNode() : JSON.valueToTree(schema);
        if (!node.has("type")) {
            node.put("type", "object");
        }
        if (!node.has("properties")) {
            node.putObject("properties");
        }
        return node;
    }

    /** Calls a tool; fails with an {@link McpServerException} naming the server on a crash, time-out or cancel. */
    CompletableFuture<McpSchema.CallToolResult> call(String tool, Map<String, Object> arguments,
                                                    Cancellation cancellation) {
        return request("tool '" + tool + "'", c -> c.callTool(new McpSchema.CallToolRequest(tool, arguments)),
                cancellation);
    }

    CompletableFuture<McpSchema.ReadResourceResult> read(String uri, Cancellation cancellation) {
        return request("resource " + uri, c -> c.readResource(new McpSchema.ReadResourceRequest(uri)),
                cancellation);
    }

    private <T> CompletableFuture<T> request(String what, java.util.function.Function<McpAsyncClient, Mono<T>> send,
                                             Cancellation cancellation) {
        McpAsyncClient c;
        synchronized (this) {
            if (!(state instanceof McpServerState.Ready)) {
                return CompletableFuture.failedFuture(new McpServerException("MCP server '" + entry.name()
                        + "' is not running (" + state.describe() + ")"));
            }
            c = client;
        }
        CompletableFuture<T> answer = new CompletableFuture<>();
        pending.add(answer);
        answer.whenComplete((value, error) -> pending.remove(answer));
        // An HTTP server that forgot the session (404) was already asked for a new one by the SDK (the spec's rule);
        // the request never ran there, so it is sent once more, on the new session.
        int expiriesBefore = sessionExpiries.get();
        Mono<T> sent = send.apply(c).onErrorResume(error -> sessionExpiries.get() != expiriesBefore, expired -> {
            log.accept("MCP server '" + entry.name() + "': its session expired; " + what + " is sent again on a new"
                    + " session");
            return send.apply(c);
        });
        Disposable subscription = sent.timeout(timeout).subscribe(answer::complete, error -> {
            answer.completeExceptionally(new McpServerException(failure(what, error)));
        }, () -> answer.complete(null));
        Runnable cancel = () -> {
            subscription.dispose();
            answer.completeExceptionally(new McpServerException("cancelled: the call to " + what
                    + " of MCP server '" + entry.name() + "' was abandoned"));
        };
        cancellation.onCancel(cancel);
        answer.whenComplete((value, error) -> cancellation.remove(cancel));
        return answer;
    }

    /**
     * Why a request failed, in words naming the server. A stdio server whose link broke is marked failed; an HTTP
     * server is not, as each request is an exchange of its own (a cut one, or one too large, says nothing of the next).
     */
    private String failure(String what, Throwable error) {
        Throwable cause = root(error);
        if (cause instanceof TimeoutException) {
            return "MCP server '" + entry.name() + "' did not answer " + what + " within " + seconds(timeout)
                    + " (agentls.mcp.timeout)" + skippedNote();
        }
        String message = "MCP server '" + entry.name() + "' failed on " + what + ": " + describe(cause);
        if (!isToolError(cause) && entry instanceof McpServerEntry.Stdio) {
            synchronized (this) {
                state = new McpServerState.Failed(message + stderrNote());
            }
            log.accept(message);
        }
        return message + stderrNote();
    }

    /** An error the server answered (JSON-RPC error) leaves it running; anything else means the link is gone. */
    private static boolean isToolError(Throwable cause) {
        return cause instanceof io.modelcontextprotocol.spec.McpError;
    }

    private void fail(Throwable error) {
        Throwable cause = root(error);
        String why = cause instanceof TimeoutException ? "did not start within " + seconds(startTimeout())
                : "failed to start: " + describe(cause);
        if (entry instanceof McpServerEntry.Http http && !why.contains(http.url().toString())) {
            why += " (at " + http.url() + ")";
        }
        String reason = "MCP server '" + entry.name() + "' " + why + stderrNote();
        state = new McpServerState.Failed(reason);
        log.accept(reason);
    }

    private void stderrLine(String line) {
        log.accept("MCP server '" + entry.name() + "' stderr: " + line);
        synchronized (stderr) {
            stderr.addLast(line.length() > 300 ? line.substring(0, 300) + "\u2026" : line);
            while (stderr.size() > STDERR_LINES) {
                stderr.removeFirst();
            }
        }
    }

    /** Lines on stdout that were not JSON-RPC: how many, and the last, for the message of a call that timed out. */
    private String skippedNote() {
        synchronized (stderr) {
            return skippedLines == 0 ? "" : "; its stdout had " + skippedLines + (skippedLines == 1 ? " line" : " lines")
                    + " that " + (skippedLines == 1 ? "is" : "are") + " not JSON-RPC, the last: '" + lastSkipped + "'";
        }
    }

    private String stderrNote() {
        synchronized (stderr) {
            return stderr.isEmpty() ? "" : "; its last stderr lines: " + String.join(" | ", stderr);
        }
    }

    synchronized void close() {
        closeClient();
        if (!(state instanceof McpServerState.NotStarted)) {
            state = new McpServerState.Stopped();
        }
    }

    private void closeClient() {
        McpAsyncClient c = client;
        client = null;
        if (c != null) {
            log.accept("MCP server '" + entry.name() + "': stopping");
            try {
                // Graceful close ends a stdio server's process (TERM); bounded, so a stuck server cannot hold us.
                c.closeGracefully().timeout(Duration.ofSeconds(3)).onErrorResume(e -> Mono.empty()).block();
            } catch (RuntimeException e) {
                c.close();
            }
        }
    }

    Duration startTimeout() {
        return timeout.compareTo(MIN_START) > 0 ? timeout : MIN_START;
    }

    private static Throwable root(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof java.util.concurrent.CompletionException
                || cause instanceof java.util.concurrent.ExecutionException
                || (cause instanceof RuntimeException && cause.getClass() == RuntimeException.class))
                && cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** A cause in words, bounded: an HTTP server's error page is quoted by the SDK, and it may be anything. */
    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        if (message == null || message.isBlank()) {
            return cause instanceof java.net.ConnectException ? "could not connect (ConnectException)"
                    : cause.getClass().getSimpleName();
        }
        return message.length() > MAX_CAUSE_CHARS ? message.substring(0, MAX_CAUSE_CHARS) + "\u2026 ("
                + message.length() + " characters)" : message;
    }

    static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    /** What the stdio transport reports: the process to watch, stderr, skipped lines, a broken link. */
    private final class StdioEvents implements StdioServerTransport.Listener {
        @Override
        public void started(ProcessHandle process) {
            watch(process);
        }

        @Override
        public void stderr(String line) {
            stderrLine(line);
        }

        @Override
        public void skipped(String line) {
            log.accept("MCP server '" + entry.name() + "' wrote a line that is not JSON-RPC on stdout (skipped): "
                    + line);
            synchronized (stderr) {
                skippedLines++;
                lastSkipped = line;
            }
        }

        @Override
        public void broken(String reason) {
            String message;
            synchronized (McpConnection.this) {
                if (state instanceof McpServerState.Stopped) {
                    return;
                }
                message = "MCP server '" + entry.name() + "' " + reason + stderrNote();
                state = new McpServerState.Failed(message);
            }
            log.accept(message);
            List.copyOf(pending).forEach(f -> f.completeExceptionally(new McpServerException(message)));
        }
    }

    /** When the server's process exits, whatever waits on it fails at once, naming the server. */
    private void watch(ProcessHandle process) {
        process.onExit().thenRun(() -> {
            // stderr may still be draining: a moment lets its last lines into the message.
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            String message;
            synchronized (this) {
                if (state instanceof McpServerState.Stopped || client == null) {
                    return;
                }
                message = "MCP server '" + entry.name() + "' exited (process " + process.pid() + ")" + stderrNote();
                state = new McpServerState.Failed(message);
            }
            log.accept(message);
            List.copyOf(pending).forEach(f -> f.completeExceptionally(new McpServerException(message)));
        });
    }
}
