package dev.agentls.llm;

import dev.agentls.config.Timeouts;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The direct transport: HTTP/1.1 over a plain socket for a model on {@code http://} loopback ({@code localhost},
 * 127.0.0.0/8, {@code [::1]}), written from RFC 9112. No TLS, no proxy (the JDK's default proxy selector bypasses
 * these hosts, so okhttp never proxied them either), no redirects, one connection per request
 * ({@code Connection: close}). What okhttp sets up before its first request (security providers, Kotlin's runtime,
 * time zones, the IDN tables) is most of a cold {@code agentls run}'s way to its first request; this loads none of
 * it. Refuses a request header holding a line break or another control character, or with a name that is not a
 * token, before anything is sent.
 */
final class DirectHttpTransport implements HttpTransport {

    /** Headers the client writes itself; a protocol's own value of these is not sent. */
    private static final Set<String> OWN = Set.of("host", "content-type", "content-length", "connection",
            "transfer-encoding", "user-agent");

    private final Timeouts timeouts;
    private final Map<String, Target> targets = new ConcurrentHashMap<>();

    DirectHttpTransport(Timeouts timeouts) {
        this.timeouts = timeouts;
    }

    /** Whether {@code baseUrl} is a model this transport serves: {@code http://} on a loopback host. */
    static boolean serves(URI baseUrl) {
        String host = baseUrl.getHost();
        return "http".equalsIgnoreCase(baseUrl.getScheme()) && host != null
                && (host.equalsIgnoreCase("localhost") || loopbackLiteral(host) != null);
    }

    /** The address of a loopback address literal ({@code 127.x.y.z}, {@code [::1]}), without any lookup; else null. */
    static InetAddress loopbackLiteral(String host) {
        boolean v6 = host.length() > 2 && host.startsWith("[") && host.endsWith("]")
                && host.substring(1, host.length() - 1).chars().allMatch(c -> Character.digit(c, 16) >= 0
                || c == ':' || c == '.');
        boolean v4 = host.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
        if (!v4 && !v6) {
            return null;
        }
        try {
            // A literal: parsed, never looked up.
            InetAddress address = InetAddress.getByName(v6 ? host.substring(1, host.length() - 1) : host);
            return address.isLoopbackAddress() ? address : null;
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /**
     * Parses the URL and sets up the JDK's socket classes (an unconnected socket, made and closed) and, for
     * {@code localhost}, its lookup (which the JDK caches): tens of classes and a file read that a cold start would
     * otherwise spend on the first request's way, done while the client is built beside the run's other set-up.
     */
    @Override
    public void prepare(String url) {
        try {
            Target target = target(url);
            try (Socket socket = new Socket(Proxy.NO_PROXY)) {
                socket.setTcpNoDelay(true);
            }
            if (target.address() == null) {
                InetAddress.getAllByName(target.host());
            }
        } catch (IllegalArgumentException | IOException e) {
            // left to the request, which reports it
        }
    }

    @Override
    public HttpExchange exchange(WireRequest request) {
        Target target = target(request.url());
        return new DirectExchange(target.host(), target.address(), target.port(), timeouts, requestBytes(target,
                request));
    }

    private Target target(String url) {
        return targets.computeIfAbsent(url, Target::of);
    }

    /** Where a request goes and what its request line and {@code Host} header say. */
    record Target(String host, InetAddress address, int port, String pathAndQuery, String hostHeader) {
        static Target of(String url) {
            URI uri = URI.create(url);
            if (!serves(uri)) {
                throw new IllegalArgumentException("the direct client serves http:// on loopback only, not " + url);
            }
            int port = uri.getPort() == -1 ? 80 : uri.getPort();
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
            return new Target(uri.getHost(), loopbackLiteral(uri.getHost()), port, path + query,
                    uri.getHost() + (uri.getPort() == -1 ? "" : ":" + port));
        }
    }

    /** Head and body in one array, so they leave in one write (see {@link NoDelaySockets}). */
    private static byte[] requestBytes(Target target, WireRequest request) {
        byte[] body = request.jsonBody().getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(512);
        head.append("POST ").append(target.pathAndQuery()).append(" HTTP/1.1\r\n")
                .append("Host: ").append(target.hostHeader()).append("\r\n")
                .append("User-Agent: agentls\r\n")
                .append("Content-Type: application/json; charset=utf-8\r\n")
                .append("Content-Length: ").append(body.length).append("\r\n")
                .append("Connection: close\r\n");
        for (Map.Entry<String, String> h : new TreeMap<>(request.headers()).entrySet()) {
            check(h.getKey(), h.getValue());
            if (!OWN.contains(h.getKey().toLowerCase(Locale.ROOT))) {
                head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
            }
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, all, 0, headBytes.length);
        System.arraycopy(body, 0, all, headBytes.length, body.length);
        return all;
    }

    /**
     * Refuses a header that would break the request's framing: a name that is not a token, a value with a line break
     * or another control character (RFC 9110 section 5.5). The value is never quoted: it may hold the key.
     */
    private static void check(String name, String value) {
        if (!ResponseHead.isToken(name)) {
            throw new IllegalArgumentException("the request header name '" + HttpInput.printable(name)
                    + "' is not a valid header name; nothing was sent");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n') {
                throw new IllegalArgumentException("the value of request header '" + name + "' holds a line break"
                        + " (" + (c == '\r' ? "CR" : "LF") + ") at character " + (i + 1) + "; nothing was sent");
            }
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                throw new IllegalArgumentException("the value of request header '" + name + "' holds control"
                        + " character 0x" + Integer.toHexString(c) + " at character " + (i + 1) + "; nothing was sent");
            }
        }
    }
}
