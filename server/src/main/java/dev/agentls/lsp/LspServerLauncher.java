package dev.agentls.lsp;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.json.ConcurrentMessageProcessor;
import org.eclipse.lsp4j.jsonrpc.json.JsonRpcMethod;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.json.StreamMessageConsumer;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;

/**
 * Runs the language server on a pair of streams (stdio) or on one loopback connection, and returns the exit status
 * when the client exits or hangs up. The command line starts the server only through this class, so LSP4J stays
 * inside this package.
 */
public final class LspServerLauncher {

    private final PrintStream stderr;
    private final SessionFactory sessions;
    private final CommandLineSettings commandLine;

    /** The standard server: the workspace, the edit engine and the commands of {@link StandardCommands}. */
    public LspServerLauncher(PrintStream stderr) {
        this(stderr, new StandardSessions());
    }

    /** The standard server with the agent's tools, built per session by {@code tools}. */
    public LspServerLauncher(PrintStream stderr, SessionTools.Factory tools) {
        this(stderr, new StandardSessions(tools));
    }

    /**
     * The standard server with the agent's tools, each session's settings laid over the command line's, which also
     * learns every API key variable the settings name.
     */
    public LspServerLauncher(PrintStream stderr, SessionTools.Factory tools, CommandLineSettings commandLine) {
        this(stderr, new StandardSessions(tools), commandLine);
    }

    /**
     * The standard server with the agent's tools and the agent itself, both built per session; each session's
     * settings laid over the command line's.
     */
    public LspServerLauncher(PrintStream stderr, SessionTools.Factory tools, SessionAgents.Factory agents,
                             CommandLineSettings commandLine) {
        this(stderr, new StandardSessions(tools, agents), commandLine);
    }

    LspServerLauncher(PrintStream stderr, SessionFactory sessions) {
        this(stderr, sessions, CommandLineSettings.none());
    }

    LspServerLauncher(PrintStream stderr, SessionFactory sessions, CommandLineSettings commandLine) {
        this.stderr = stderr;
        this.sessions = sessions;
        this.commandLine = commandLine;
    }

    /** Serves one client on these streams until it exits; stdout must be {@code out} and nothing else may write it. */
    public int serve(InputStream in, OutputStream out) {
        ExecutorService executor = Executors.newCachedThreadPool(daemonThreads());
        try {
            Connection connection = start(in, out, executor);
            return connection.awaitExit();
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * Listens on 127.0.0.1:{@code port} ({@code 0} picks a free port), tells {@code listening} the port, and serves
     * the first client that connects.
     */
    public int serveOnPort(int port, IntConsumer listening) throws IOException {
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            listening.accept(server.getLocalPort());
            try (Socket socket = server.accept()) {
                return serve(socket.getInputStream(), socket.getOutputStream());
            }
        }
    }

    /**
     * LSP4J's pipeline with two parts of ours: {@link IncomingMessages} reads and judges what arrives (in place of
     * LSP4J's stream reader, which loses the framing on a bad body and answers some requests never), and
     * {@link ShownTextGuard} with {@link InternalErrors} shape what leaves. LSP4J's endpoint still dispatches to the
     * server, matches answers to our requests and handles {@code $/cancelRequest}.
     */
    Connection start(InputStream in, OutputStream out, ExecutorService executor) {
        ServerLog log = new ServerLog(stderr, Clock.systemUTC());
        AgentLanguageServer server = new AgentLanguageServer(sessions, log, commandLine);
        Map<String, JsonRpcMethod> methods = new LinkedHashMap<>(ServiceEndpoints.getSupportedMethods(AgentLsClient.class));
        methods.putAll(ServiceEndpoints.getSupportedMethods(server.getClass()));
        MessageJsonHandler json = new MessageJsonHandler(methods);
        MessageConsumer outgoing = new ShownTextGuard(new StreamMessageConsumer(out, json));
        RemoteEndpoint endpoint = new RemoteEndpoint(outgoing, ServiceEndpoints.toEndpoint(server),
                new InternalErrors(log));
        json.setMethodProvider(endpoint);
        endpoint.setJsonHandler(json);
        server.connect(ServiceEndpoints.toServiceObject(endpoint, AgentLsClient.class));
        MessageGate gate = new MessageGate(json, server::lifecycle, ImplementedMethods.of(server));
        IncomingMessages incoming = new IncomingMessages(in, gate, outgoing, endpoint, log);
        Future<Void> listening = new ConcurrentMessageProcessor(incoming, endpoint).beginProcessing(executor);
        CompletableFuture<Integer> hungUp = CompletableFuture.supplyAsync(() -> awaitEnd(listening, log), executor);
        return new Connection(server, listening, server.exitStatus().applyToEither(hungUp, status -> status));
    }

    private static int awaitEnd(Future<Void> listening, ServerLog log) {
        try {
            listening.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            log.error("the connection failed: " + e.getCause());
        }
        // The client hung up without 'exit': LSP says that is status 1.
        return 1;
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        return runnable -> {
            Thread thread = new Thread(runnable, "agentls-lsp");
            thread.setDaemon(true);
            return thread;
        };
    }

    /** A running connection: its server and the future exit status. */
    record Connection(AgentLanguageServer server, Future<Void> listening, CompletableFuture<Integer> exit) {

        int awaitExit() {
            try {
                int status = exit.get();
                listening.cancel(true);
                return status;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 1;
            } catch (ExecutionException e) {
                return 1;
            }
        }
    }
}
