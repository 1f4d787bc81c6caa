package dev.agentls.mcp;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A server's transport with what its connection must know about the link watched: a forgotten session, a tool list the
 * server says changed, a request refused for want of credentials, and any other broken exchange or event stream.
 *
 * <p>{@code notifications/tools/list_changed} is taken here and not passed on: the SDK would list the tools again for
 * every one of them (a server sending a storm of them gets a storm of listings); the connection coalesces them
 * ({@link ToolListRefresh}). Everything else goes to the SDK as it came.
 */
final class WatchedTransport implements McpClientTransport {

    /** What the connection hears; each method is called on a transport thread and must not block. */
    interface Events {
        /** The server answered 404 to the session: the SDK asks for a new one. */
        void sessionExpired();

        /** The server sent {@code notifications/tools/list_changed}. */
        void toolsChanged();

        /** The server refused a request with 401 or 403 (where no request waits on it: the GET stream). */
        void refused(McpHttpClientTransportAuthorizationException refusal);

        /** An exchange or an event stream broke (a cut connection, a malformed event); what it carried is lost. */
        void broken(Throwable cause);
    }

    private final McpClientTransport delegate;
    private final Events events;

    WatchedTransport(McpClientTransport delegate, Events events) {
        this.delegate = delegate;
        this.events = events;
    }

    @Override
    public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
        return delegate.connect(inbound -> inbound.flatMap(message -> {
            if (message instanceof McpSchema.JSONRPCNotification notification
                    && McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(notification.method())) {
                events.toolsChanged();
                return Mono.empty();
            }
            return handler.apply(Mono.just(message));
        }));
    }

    @Override
    public void setExceptionHandler(Consumer<Throwable> handler) {
        delegate.setExceptionHandler(error -> {
            if (error instanceof McpTransportSessionNotFoundException) {
                events.sessionExpired();
            } else if (error instanceof McpHttpClientTransportAuthorizationException refusal) {
                events.refused(refusal);
            } else {
                events.broken(error);
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
