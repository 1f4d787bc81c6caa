package dev.agentls.mcp;

import dev.agentls.tools.Cancellation;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * One MCP server's connection, on the SDK's async client: started on demand (a stdio server in the workspace folder,
 * its stderr lines to the server log and the last few kept for messages), its tools listed at start and again when
 * the server says they changed ({@link ToolListRefresh}) or its event stream broke ({@link StreamBreaks}), calls
 * bounded in time and cancellable, a 401 or 403 turned into an actionable reason ({@link AuthorizationRefusal}),
 * closed with the session. A server that failed or stopped is started again by the next {@link #start} (the next run
 * that needs it).
 */
final class McpConnection {

    private static final McpSchema.Implementation CLIENT = new McpSchema.Implementation("agentls", "0.1.0");
    /** Start-up (a JVM, or npx fetching a package) gets at least this long, however short the call timeout is. */
    static final Duration MIN_START = Duration.ofSeconds(20);
    /** How long a burst of tools/list_changed notices is let to settle before the tools are listed again. */
    static final Duration REFRESH_QUIET = Duration.ofMillis(200);

    private final McpServerEntry entry;
    private final ServerTransports transports;
    /** How often an HTTP server forgot the session: a request under way when it changed is sent again. */
    private final AtomicInteger sessionExpiries = new AtomicInteger();
    private final Duration timeout;
    private final Consumer<String> log;
    private final java.util.Set<CompletableFuture<?>> pending = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final StdioOutputTail output = new StdioOutputTail();
    private McpAsyncClient client;
    private CompletableFuture<List<RemoteTool>> started;
    /** Written under the lock; volatile so the link's threads can look without it (never blocked by a close). */
    private volatile McpServerState state = new McpServerState.NotStarted();
    /** Lists the tools again when the server says they changed, coalesced. */
    private final ToolListRefresh refresh;
    private final StreamBreaks breaks = new StreamBreaks();

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
        this.refresh = new ToolListRefresh(CompletableFuture.delayedExecutor(REFRESH_QUIET.toMillis(),
                TimeUnit.MILLISECONDS), this::relist, this::relisted);
    }

    McpServerEntry entry() {
        return entry;
    }

    synchronized McpServerState state() {
        return state;
    }

    /** Starts the server unless it runs (or is starting); completes with its tools, or fails saying why. */
    synchronized CompletableFuture<List<RemoteTool>> start() {
        if (started != null && state instanceof McpServerState.Ready && breaks.noticesLost()) {
            return relist().handle((tools, error) -> {
                relisted(tools, error);
                if (state() instanceof McpServerState.Ready ready) {
                    return ready.tools();
                }
                throw new McpServerException(state().describe());
            });
        }
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
            created = McpClient.async(transports.of(entry, new StdioEvents(), new LinkEvents()))
                    .requestTimeout(startTimeout()).initializationTimeout(startTimeout()).clientInfo(CLIENT).build();
        } catch (RuntimeException e) {
            fail(e);
            started = CompletableFuture.failedFuture(new McpServerException(state.describe()));
            return started;
        }
        client = created;
        breaks.newSession();
        CompletableFuture<List<RemoteTool>> listing = new CompletableFuture<>();
        pending.add(listing);
        created.initialize()
                .then(Mono.defer(() -> ToolListing.of(created)))
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

    /** Lists the running server's tools again, bounded by the call timeout. */
    private CompletableFuture<List<RemoteTool>> relist() {
        McpAsyncClient c;
        synchronized (this) {
            if (!(state instanceof McpServerState.Ready)) {
                return CompletableFuture.failedFuture(new McpServerException(state.describe()));
            }
            c = client;
        }
        CompletableFuture<List<RemoteTool>> listing = new CompletableFuture<>();
        ToolListing.of(c).timeout(timeout).subscribe(listing::complete,
                listing::completeExceptionally);
        return listing;
    }

    /** A new listing replaces the tools of a running server; a failed one keeps the last, saying why. */
    private void relisted(List<RemoteTool> tools, Throwable error) {
        synchronized (this) {
            if (!(state instanceof McpServerState.Ready)) {
                return;
            }
            if (error == null) {
                state = new McpServerState.Ready(tools);
            }
        }
        log.accept(error == null ? "MCP server '" + entry.name() + "': tools listed again, " + tools.size() + " tools"
                : "MCP server '" + entry.name() + "': listing its tools again failed (" + Causes.describe(Causes.root(error))
                + "); the last list stays");
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
        long sentAt = System.nanoTime();
        Disposable subscription = sent.timeout(timeout).subscribe(answer::complete, error -> {
            answer.completeExceptionally(new McpServerException(failure(what, error, sentAt)));
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
    private String failure(String what, Throwable error, long sentAt) {
        Throwable cause = Causes.root(error);
        Optional<String> refused = refusal(error);
        if (refused.isPresent()) {
            // Credentials do not come back by themselves: failed until a run starts it again (one attempt per run,
            // never a loop).
            synchronized (this) {
                state = new McpServerState.Failed(refused.get());
            }
            log.accept(refused.get());
            return refused.get();
        }
        if (cause instanceof TimeoutException) {
            return "MCP server '" + entry.name() + "' did not answer " + what + " within " + Causes.seconds(timeout)
                    + " (agentls.mcp.timeout)" + breaks.since(sentAt) + output.skippedNote();
        }
        String message = "MCP server '" + entry.name() + "' failed on " + what + ": " + Causes.describe(cause);
        if (!isToolError(cause) && entry instanceof McpServerEntry.Stdio) {
            synchronized (this) {
                state = new McpServerState.Failed(message + output.stderrNote());
            }
            log.accept(message);
        }
        return message + output.stderrNote();
    }

    /** An error the server answered (JSON-RPC error) leaves it running; anything else means the link is gone. */
    private static boolean isToolError(Throwable cause) {
        return cause instanceof io.modelcontextprotocol.spec.McpError;
    }

    /** An HTTP server's 401 or 403 in actionable words; empty for any other failure. */
    private Optional<String> refusal(Throwable error) {
        return entry instanceof McpServerEntry.Http http ? AuthorizationRefusal.in(error).map(r -> r.describe(http))
                : Optional.empty();
    }

    private void fail(Throwable error) {
        Optional<String> refused = refusal(error);
        if (refused.isPresent()) {
            state = new McpServerState.Failed(refused.get());
            log.accept(refused.get());
            return;
        }
        Throwable cause = Causes.root(error);
        String why = cause instanceof TimeoutException ? "did not start within " + Causes.seconds(startTimeout())
                : "failed to start: " + Causes.describe(cause);
        if (entry instanceof McpServerEntry.Http http && !why.contains(http.url().toString())) {
            why += " (at " + http.url() + ")";
        }
        String reason = "MCP server '" + entry.name() + "' " + why + output.stderrNote();
        state = new McpServerState.Failed(reason);
        log.accept(reason);
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

    /** What the stdio transport reports: the process to watch, stderr, skipped lines, a broken link. */
    private final class StdioEvents implements StdioServerTransport.Listener {
        @Override
        public void started(ProcessHandle process) {
            watch(process);
        }

        @Override
        public void stderr(String line) {
            log.accept("MCP server '" + entry.name() + "' stderr: " + line);
            output.stderr(line);
        }

        @Override
        public void skipped(String line) {
            log.accept("MCP server '" + entry.name() + "' wrote a line that is not JSON-RPC on stdout (skipped): "
                    + line);
            output.skipped(line);
        }

        @Override
        public void broken(String reason) {
            String message;
            synchronized (McpConnection.this) {
                if (state instanceof McpServerState.Stopped) {
                    return;
                }
                message = "MCP server '" + entry.name() + "' " + reason + output.stderrNote();
                state = new McpServerState.Failed(message);
            }
            log.accept(message);
            List.copyOf(pending).forEach(f -> f.completeExceptionally(new McpServerException(message)));
        }
    }

    /** Starting or ready: the event stream opens as the session starts, before the tools are listed. */
    private boolean live() {
        McpServerState now = state;
        return now instanceof McpServerState.Starting || now instanceof McpServerState.Ready;
    }

    /** What the link reports: a forgotten session, a changed tool list, a refusal, a broken stream. */
    private final class LinkEvents implements WatchedTransport.Events {
        @Override
        public void sessionExpired() {
            sessionExpiries.incrementAndGet();
            breaks.newSession();
        }

        @Override
        public void toolsChanged() {
            refresh.changed();
        }

        @Override
        public void refused(io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException
                                    refusal) {
            // Said here for the event stream (GET), which fails no request; a refused request fails saying it.
            if ("GET".equals(refusal.getRequestSnapshot().method()) && live()) {
                refusal(refusal).ifPresent(message -> {
                    breaks.broke(message);
                    log.accept(message);
                });
            }
        }

        @Override
        public void broken(Throwable cause) {
            if (!(entry instanceof McpServerEntry.Http) || !live()) {
                return;
            }
            String how = Causes.describe(Causes.root(cause));
            breaks.broke(how);
            log.accept("MCP server '" + entry.name() + "': a stream from it broke (" + how + "); what it carried is"
                    + " lost, and its tools are listed again as each run starts");
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
                message = "MCP server '" + entry.name() + "' exited (process " + process.pid() + ")" + output.stderrNote();
                state = new McpServerState.Failed(message);
            }
            log.accept(message);
            List.copyOf(pending).forEach(f -> f.completeExceptionally(new McpServerException(message)));
        });
    }
}
