package dev.agentls.mcp;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.Provider;
import dev.agentls.tools.command.CommandEnvironment;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * Makes the SDK transport of an entry: a stdio server started in the workspace folder with an environment that leaves
 * out the model's keys, or a Streamable HTTP client for the entry's URL with its headers; both bound the size of one
 * inbound message, and an HTTP transport tells its connection when the server forgot the session.
 */
final class ServerTransports {

    /**
     * The largest message a server may send (a stdio line in characters, an HTTP body or event in bytes); a larger
     * one fails its request naming this bound. Results are cut to {@link ResultText#MAX_CHARS} for the model anyway.
     */
    static final int MAX_MESSAGE_BYTES = 8 << 20;

    /** The providers' default key variables; a key under another name goes when its name sounds like a secret. */
    private static final List<String> KEY_VARIABLES = Arrays.stream(Provider.values())
            .map(Provider::defaultApiKeyEnv).toList();

    private final Path workingDirectory;
    private final Duration connectTimeout;
    private final ChildProcessWatch children;

    ServerTransports(Path workingDirectory, Duration connectTimeout, ChildProcessWatch children) {
        this.workingDirectory = workingDirectory;
        this.connectTimeout = connectTimeout;
        this.children = children;
    }

    /**
     * @param stderr  gets each stderr line of a stdio server
     * @param started gets a stdio server's process once it is found
     * @param expired runs when an HTTP server answered 404 to the session: the SDK then asks for a new one
     */
    McpClientTransport of(McpServerEntry entry, Consumer<String> stderr, Consumer<ProcessHandle> started,
                          Runnable expired) {
        // Servers send fields newer than this SDK knows: they must be skipped, not fail the message.
        McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false));
        if (entry instanceof McpServerEntry.Stdio stdio) {
            ServerParameters parameters = ServerParameters.builder(stdio.command()).args(stdio.args())
                    .env(stdio.env()).build();
            StdioClientTransport transport = new RootedStdioTransport(parameters, mapper, workingDirectory,
                    before -> children.find(before, stdio.command(), stdio.args()).ifPresent(started), children);
            transport.setStdErrorHandler(stderr::accept);
            return transport;
        }
        McpServerEntry.Http http = (McpServerEntry.Http) entry;
        URI url = http.url();
        String base = url.getScheme() + "://" + url.getRawAuthority();
        String endpoint = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        HttpRequest.Builder request = HttpRequest.newBuilder();
        http.headers().forEach(request::header);
        return new SessionExpiryWatch(HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint)
                .jsonMapper(mapper).requestBuilder(request).connectTimeout(connectTimeout)
                .maxResponseSize(MAX_MESSAGE_BYTES).build(), expired);
    }

    /** What a stdio server inherits of {@code environment}: see {@link CommandEnvironment#forChildProcess()}. */
    static Map<String, String> inheritedEnvironment(Map<String, String> environment) {
        return new CommandEnvironment(environment, () -> KEY_VARIABLES).forChildProcess();
    }

    /**
     * An HTTP transport that says when the server forgot the session. The SDK then asks for a new one, but fails the
     * requests under way with a bare "session terminated"; knowing why lets the connection send them again.
     */
    private static final class SessionExpiryWatch implements McpClientTransport {
        private final McpClientTransport delegate;
        private final Runnable expired;

        SessionExpiryWatch(McpClientTransport delegate, Runnable expired) {
            this.delegate = delegate;
            this.expired = expired;
        }

        @Override
        public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
            return delegate.connect(handler);
        }

        @Override
        public void setExceptionHandler(Consumer<Throwable> handler) {
            delegate.setExceptionHandler(error -> {
                if (error instanceof McpTransportSessionNotFoundException) {
                    expired.run();
                }
                handler.accept(error);
            });
        }

        @Override
        public Mono<Void> closeGracefully() {
            return delegate.closeGracefully();
        }

        @Override
        public void close() {
            delegate.close();
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return delegate.sendMessage(message);
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
            return delegate.unmarshalFrom(data, typeRef);
        }

        @Override
        public List<String> protocolVersions() {
            return delegate.protocolVersions();
        }
    }

    /**
     * The SDK's stdio transport, starting the server in the workspace folder instead of ours, and telling us which
     * process it started (found from a snapshot of our children taken just before).
     */
    private static final class RootedStdioTransport extends StdioClientTransport {
        private final Path directory;
        private final Consumer<Set<Long>> started;
        private final ChildProcessWatch children;

        RootedStdioTransport(ServerParameters parameters, McpJsonMapper mapper, Path directory,
                             Consumer<Set<Long>> started, ChildProcessWatch children) {
            super(parameters, mapper, MAX_MESSAGE_BYTES);
            this.directory = directory;
            this.started = started;
            this.children = children;
        }

        @Override
        protected ProcessBuilder getProcessBuilder() {
            Set<Long> before = children.snapshot();
            // The SDK starts the process right after this returns; the search waits for it (polling for up to 3 s)
            // on a thread of its own, never a shared pool's.
            Thread search = new Thread(() -> started.accept(before), "agentls-mcp-process");
            search.setDaemon(true);
            search.start();
            ProcessBuilder builder = new ProcessBuilder().directory(directory.toFile());
            // The SDK adds the entry's own env after this; what is inherited leaves out the model's key and anything
            // named like a secret, as for execute_command: a server sees what its entry gives it.
            builder.environment().clear();
            builder.environment().putAll(inheritedEnvironment(System.getenv()));
            return builder;
        }
    }
}
