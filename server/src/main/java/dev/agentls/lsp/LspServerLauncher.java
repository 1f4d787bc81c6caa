package dev.agentls.lsp;

import dev.agentls.threads.DaemonThreads;
import dev.agentls.session.Agents;
import dev.agentls.session.Tools;
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
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
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
    /** The session factory and the command line's settings, made when the server is built (after the front). */
    private final Supplier<Wired> wired;
    /** Answers the first initialize before the server is built; null where the session's commands are not known. */
    private final InitializeFront front;

    /**
     * What a session is built from, made by the command line's wiring after the initialize answer is out: the
     * agent's tools and the agent, and the command line's settings, which each session's are laid over.
     */
    public record SessionWiring(Tools.Factory tools, Agents.Factory agents,
                                CommandLineSettings commandLine) {}

    private record Wired(SessionFactory sessions, CommandLineSettings commandLine) {}

    /** The standard server: the workspace, the edit engine and the commands of {@link StandardCommands}. */
    public LspServerLauncher(PrintStream stderr) {
        this(stderr, () -> new StandardSessions(), CommandLineSettings.none(), standardFront());
    }

    /** The standard server with the agent's tools, built per session by {@code tools}. */
    public LspServerLauncher(PrintStream stderr, Tools.Factory tools) {
        this(stderr, () -> new StandardSessions(tools), CommandLineSettings.none(), standardFront());
    }

    /**
     * The standard server with the agent's tools, each session's settings laid over the command line's, which also
     * learns every API key variable the settings name.
     */
    public LspServerLauncher(PrintStream stderr, Tools.Factory tools, CommandLineSettings commandLine) {
        this(stderr, () -> new StandardSessions(tools), commandLine, standardFront());
    }

    /**
     * The standard server with the agent's tools and the agent itself, both built per session; each session's
     * settings laid over the command line's, which the wiring also gives. {@code wiring} is called once, after the initialize answer is written
     * (see {@link #serve}), so what it builds is not on the way to that answer.
     */
    public LspServerLauncher(PrintStream stderr, Supplier<SessionWiring> wiring) {
        this(stderr, () -> {
            SessionWiring built = wiring.get();
            return new Wired(new StandardSessions(built.tools(), built.agents()), built.commandLine());
        }, standardFront());
    }

    LspServerLauncher(PrintStream stderr, SessionFactory sessions) {
        this(stderr, sessions, CommandLineSettings.none());
    }

    LspServerLauncher(PrintStream stderr, SessionFactory sessions, CommandLineSettings commandLine) {
        this(stderr, () -> sessions, commandLine, null);
    }

    /** @param front answers the first initialize at once; null to leave it to the whole path */
    LspServerLauncher(PrintStream stderr, Supplier<SessionFactory> sessions, CommandLineSettings commandLine,
            InitializeFront front) {
        this(stderr, () -> new Wired(sessions.get(), commandLine), front);
    }

    private LspServerLauncher(PrintStream stderr, Supplier<Wired> wired, InitializeFront front) {
        this.stderr = stderr;
        this.wired = wired;
        this.front = front;
    }

    /** The front for sessions whose commands are {@link StandardCommands}'. */
    static InitializeFront standardFront() {
        return new InitializeFront(new InitializeAnswer(StandardCommands.IDS, InitializeAnswer.serverVersion()));
    }

    /** Serves one client on these streams until it exits; stdout must be {@code out} and nothing else may write it. */
    public int serve(InputStream in, OutputStream out) {
        InitializeFront.Opening opening = new InitializeFront.Opening.Unanswered(null);
        if (front != null) {
            ServerLog log = new ServerLog(stderr, Clock.systemUTC());
            try {
                opening = front.open(in, out, log::note);
            } catch (IOException e) {
                // As on the whole path: the input failed before any message, so the client is gone (status 1).
                log.note("the input stream failed: " + e.getMessage());
                return 1;
            }
        }
        ExecutorService executor = DaemonThreads.pool("agentls-lsp");
        try {
            Connection connection = start(in, out, executor, opening);
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
        return start(in, out, executor, new InitializeFront.Opening.Unanswered(null));
    }

    /**
     * The pipeline after the {@link InitializeFront}: an initialize it answered is handed to the server before the
     * reader starts (so every later message finds the session open), and a frame it read but left is read first.
     */
    Connection start(InputStream in, OutputStream out, ExecutorService executor, InitializeFront.Opening opening) {
        ServerLog log = new ServerLog(stderr, Clock.systemUTC());
        Wired built = wired.get();
        AgentLanguageServer server = new AgentLanguageServer(built.sessions(), log, built.commandLine());
        Map<String, JsonRpcMethod> methods = new LinkedHashMap<>(ServiceEndpoints.getSupportedMethods(AgentLsClient.class));
        methods.putAll(ServiceEndpoints.getSupportedMethods(server.getClass()));
        // An event's Jackson tree is written straight into the outgoing message: one conversion, no text between.
        MessageJsonHandler json = new MessageJsonHandler(methods,
                gson -> gson.registerTypeAdapter(EventJson.class, new EventJson.Adapter()));
        MessageConsumer outgoing = new ShownTextGuard(new StreamMessageConsumer(out, json));
        RemoteEndpoint endpoint = new RemoteEndpoint(outgoing, ServiceEndpoints.toEndpoint(server),
                new InternalErrors(log));
        json.setMethodProvider(endpoint);
        endpoint.setJsonHandler(json);
        server.connect(ServiceEndpoints.toServiceObject(endpoint, AgentLsClient.class));
        MessageGate gate = new MessageGate(json, server::lifecycle, ImplementedMethods.of(server));
        Frame first = null;
        if (opening instanceof InitializeFront.Opening.Answered answered) {
            server.initializeAnswered(answered.params(), front.advertised());
        } else if (opening instanceof InitializeFront.Opening.Unanswered unanswered) {
            first = unanswered.first();
        }
        IncomingMessages incoming = new IncomingMessages(in, first, gate, outgoing, endpoint, log);
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
