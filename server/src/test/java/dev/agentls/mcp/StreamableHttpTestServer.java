package dev.agentls.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A small MCP server speaking the Streamable HTTP transport on loopback, written from the specification (2025-06-18
 * and 2025-11-25, "Transports"): one endpoint, {@code /mcp}; a POST carries one JSON-RPC message; a request is answered
 * either as {@code application/json} or as a {@code text/event-stream} (with a priming event of empty data first, as
 * 2025-11-25 allows); a notification gets 202 with no body; {@code initialize} hands out an {@code Mcp-Session-Id},
 * which every later request must carry (400 without it, 404 for one the server does not know, as after
 * {@link #expireSessions}); GET (the server-to-client stream) is 405, as for a server that offers none, unless
 * {@link #offerEventStream} (then events with ids, resumable with {@code Last-Event-ID}: {@link ServerEventLog});
 * DELETE ends a session; {@link #requireAuthorization} and {@link #forbid} make it a protected resource answering 401
 * or 403 with a {@code WWW-Authenticate} challenge. Tools: {@code echo}, {@code fail} (an error result), {@code broken} (a JSON-RPC error), {@code big} (a
 * text of {@code size} characters), {@code cut} (the connection closed mid-answer), {@code garbage} (a body that is not
 * JSON), {@code hang} (no answer until the server stops), {@code resumable} (an event stream broken after its
 * priming event, the answer kept for a GET with {@code Last-Event-ID}), and any more a test gives; one
 * resource, {@code test://greeting}. Every request is recorded with its headers.
 */
final class StreamableHttpTestServer implements AutoCloseable {

    /** One HTTP request as the server saw it. */
    record Seen(String httpMethod, String rpcMethod, String sessionId, String protocolVersion, String authorization,
                String accept, String lastEventId) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code count} plain tools named {@code t0, t1...}. */
    static List<ObjectNode> plainTools(int count) {
        List<ObjectNode> tools = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            tools.add(tool("t" + i, "Extra tool " + i + "."));
        }
        return tools;
    }

    static ObjectNode tool(String name, String description) {
        ObjectNode tool = JSON.createObjectNode().put("name", name).put("description", description);
        tool.putObject("inputSchema").put("type", "object");
        return tool;
    }

    private final HttpServer http;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Set<String> sessions = ConcurrentHashMap.newKeySet();
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final boolean eventStream;
    private volatile List<ObjectNode> extraTools;
    private final java.util.concurrent.atomic.AtomicInteger toolListings = new java.util.concurrent.atomic.AtomicInteger();
    private final ServerEventLog events = new ServerEventLog(() -> stopping.getCount() == 0);
    private final List<JsonNode> responses = new CopyOnWriteArrayList<>();
    private volatile boolean offersEventStream;
    private volatile String requiredAuthorization;
    private volatile String challenge;
    private volatile boolean forbidden;
    private volatile boolean refusesEventStream;

    /**
     * @param eventStream answer requests as {@code text/event-stream} rather than {@code application/json}
     * @param extraTools  definitions {@code tools/list} gives after the fixed tools, as they are
     */
    StreamableHttpTestServer(boolean eventStream, List<ObjectNode> extraTools) throws IOException {
        this.eventStream = eventStream;
        this.extraTools = extraTools;
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.setExecutor(threads);
        http.createContext("/mcp", exchange -> {
            try (exchange) {
                handle(exchange);
            } catch (IOException | RuntimeException e) {
                // The client went away, or a test asked for a cut connection: nothing to answer.
            }
        });
        http.start();
    }

    /** The endpoint, {@code http://127.0.0.1:PORT/mcp}. */
    String url() {
        return "http://" + http.getAddress().getAddress().getHostAddress() + ":" + http.getAddress().getPort() + "/mcp";
    }

    List<Seen> seen() {
        return List.copyOf(seen);
    }

    /** GET opens the server-to-client event stream (with event ids, resumable) instead of answering 405. */
    StreamableHttpTestServer offerEventStream() {
        offersEventStream = true;
        return this;
    }

    /**
     * Every request must carry {@code Authorization: expected}; others get 401 with {@code WWW-Authenticate: challenge}
     * (the specification's "Authorization": a protected resource names its metadata there).
     */
    StreamableHttpTestServer requireAuthorization(String expected, String challenge) {
        this.requiredAuthorization = expected;
        this.challenge = challenge;
        return this;
    }

    /** Every request gets 403 with {@code WWW-Authenticate: challenge}: credentials the server refuses. */
    StreamableHttpTestServer forbid(String challenge) {
        this.forbidden = true;
        this.challenge = challenge;
        return this;
    }

    /** What {@code tools/list} gives after the fixed tools from now on. */
    void changeTools(List<ObjectNode> extra) {
        extraTools = List.copyOf(extra);
    }

    /** How many {@code tools/list} requests were answered. */
    int toolListings() {
        return toolListings.get();
    }

    /** GET (the event stream) gets 401 with {@code WWW-Authenticate: challenge}; POSTs go through. */
    StreamableHttpTestServer refuseEventStream(String challenge) {
        this.refusesEventStream = true;
        this.challenge = challenge;
        return this;
    }

    /** The event log of the streams, for a test to send on the GET stream and break it. */
    ServerEventLog events() {
        return events;
    }

    /** Sends a JSON-RPC message (a notification, a request) on the GET stream; returns its event id. */
    String push(ObjectNode message) {
        return events.append(ServerEventLog.GET_STREAM, message.toString());
    }

    /** What the client POSTed back as responses to the server's requests. */
    List<JsonNode> responses() {
        return List.copyOf(responses);
    }

    /** Forgets every session, as a server does when one expires or it restarts: their next request gets 404. */
    void expireSessions() {
        sessions.clear();
    }

    @Override
    public void close() {
        stopping.countDown();
        events.wake();
        http.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String session = exchange.getRequestHeaders().getFirst("Mcp-Session-Id");
        String method = exchange.getRequestMethod();
        if (!method.equals("POST")) {
            record(exchange, null, session);
            if (!authorized(exchange)) {
                return;
            }
            if (method.equals("GET") && offersEventStream && session != null && sessions.contains(session)) {
                events.serve(exchange, exchange.getRequestHeaders().getFirst("Last-Event-ID"));
            } else if (method.equals("GET") && offersEventStream) {
                empty(exchange, session == null ? 400 : 404);
            } else if (method.equals("DELETE") && session != null && sessions.remove(session)) {
                empty(exchange, 200);
            } else if (method.equals("DELETE")) {
                empty(exchange, 404);
            } else {
                exchange.getResponseHeaders().add("Allow", "POST, DELETE");
                empty(exchange, 405);
            }
            return;
        }
        JsonNode message = JSON.readTree(exchange.getRequestBody().readAllBytes());
        String rpc = message.path("method").asText(null);
        record(exchange, rpc, session);
        if (!authorized(exchange)) {
            return;
        }
        if (rpc == null) {
            // A response to one of the server's requests (sent on the GET stream): taken, 202 as the spec says.
            responses.add(message);
            empty(exchange, 202);
            return;
        }
        if ("initialize".equals(rpc)) {
            String created = UUID.randomUUID().toString();
            sessions.add(created);
            exchange.getResponseHeaders().add("Mcp-Session-Id", created);
            ObjectNode result = JSON.createObjectNode();
            result.put("protocolVersion", message.path("params").path("protocolVersion").asText());
            ObjectNode capabilities = result.putObject("capabilities");
            capabilities.putObject("tools");
            capabilities.putObject("resources");
            result.putObject("serverInfo").put("name", "http-test-server").put("version", "1.0.0");
            answer(exchange, message, result);
            return;
        }
        if (session == null) {
            byte[] body = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,\"message\":\"Bad Request: no session id\"}}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(400, body.length);
            exchange.getResponseBody().write(body);
            return;
        }
        if (!sessions.contains(session)) {
            empty(exchange, 404);
            return;
        }
        if (!message.has("id")) {
            empty(exchange, 202);
            return;
        }
        switch (rpc) {
            case "tools/list" -> {
                toolListings.incrementAndGet();
                answer(exchange, message, toolList());
            }
            case "tools/call" -> call(exchange, message);
            case "resources/read" -> {
                String uri = message.path("params").path("uri").asText();
                if (!uri.equals("test://greeting")) {
                    error(exchange, message, -32002, "Resource not found: " + uri);
                    return;
                }
                ObjectNode result = JSON.createObjectNode();
                result.putArray("contents").addObject().put("uri", uri).put("mimeType", "text/plain")
                        .put("text", "hello over http");
                answer(exchange, message, result);
            }
            case "ping" -> answer(exchange, message, JSON.createObjectNode());
            default -> error(exchange, message, -32601, "Method not found: " + rpc);
        }
    }

    private void call(HttpExchange exchange, JsonNode message) throws IOException {
        String tool = message.path("params").path("name").asText();
        JsonNode arguments = message.path("params").path("arguments");
        switch (tool) {
            case "echo" -> answer(exchange, message, text("echo: " + arguments.path("text").asText(), false));
            case "fail" -> answer(exchange, message, text("the disk is on fire", true));
            case "broken" -> error(exchange, message, -32603, "the index is corrupt");
            case "big" -> answer(exchange, message, text("x".repeat(arguments.path("size").asInt()), false));
            case "cut" -> {
                // Promises a body, sends a piece of it, and closes the connection.
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, 10_000);
                OutputStream body = exchange.getResponseBody();
                body.write("{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.UTF_8));
                body.flush();
                throw new IOException("cut on purpose");
            }
            case "garbage" -> {
                byte[] body = "<html>this is not JSON-RPC</html>".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
            case "resumable" -> {
                // Opens the answer's event stream with a priming event, breaks before the answer, and keeps the answer
                // for a GET carrying that event's id as Last-Event-ID.
                String stream = "post-" + message.get("id");
                String primed = events.prime(stream);
                ObjectNode response = JSON.createObjectNode().put("jsonrpc", "2.0");
                response.set("id", message.get("id"));
                response.set("result", text("resumed: " + arguments.path("text").asText(), false));
                events.append(stream, response.toString());
                exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
                exchange.sendResponseHeaders(200, 1L << 40);
                OutputStream body = exchange.getResponseBody();
                body.write(("id: " + primed + "\ndata: \n\n").getBytes(StandardCharsets.UTF_8));
                body.flush();
                throw new IOException("cut on purpose before the answer");
            }
            case "hang" -> {
                try {
                    stopping.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            default -> error(exchange, message, -32602, "Unknown tool: " + tool);
        }
    }

    private ObjectNode toolList() {
        ObjectNode result = JSON.createObjectNode();
        ArrayNode tools = result.putArray("tools");
        for (String name : List.of("echo", "fail", "broken", "big", "cut", "garbage", "hang", "resumable")) {
            ObjectNode tool = tools.addObject().put("name", name).put("description", "The " + name + " tool.");
            ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
            ObjectNode properties = schema.putObject("properties");
            if (name.equals("echo") || name.equals("resumable")) {
                properties.putObject("text").put("type", "string").put("description", "what to answer");
                schema.putArray("required").add("text");
            } else if (name.equals("big")) {
                properties.putObject("size").put("type", "integer");
            }
        }
        extraTools.forEach(tools::add);
        return result;
    }

    private static ObjectNode text(String text, boolean error) {
        ObjectNode result = JSON.createObjectNode();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        result.put("isError", error);
        return result;
    }

    private void answer(HttpExchange exchange, JsonNode request, JsonNode result) throws IOException {
        ObjectNode response = JSON.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", request.get("id"));
        response.set("result", result);
        send(exchange, response);
    }

    private void error(HttpExchange exchange, JsonNode request, int code, String text) throws IOException {
        ObjectNode response = JSON.createObjectNode().put("jsonrpc", "2.0");
        response.set("id", request.get("id"));
        response.putObject("error").put("code", code).put("message", text);
        send(exchange, response);
    }

    private void send(HttpExchange exchange, ObjectNode response) throws IOException {
        byte[] json = JSON.writeValueAsBytes(response);
        if (!eventStream) {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, json.length);
            exchange.getResponseBody().write(json);
            return;
        }
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.getResponseHeaders().add("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, 0);
        OutputStream body = exchange.getResponseBody();
        body.write(("id: " + UUID.randomUUID() + "\ndata: \n\n").getBytes(StandardCharsets.UTF_8));
        body.write("event: message\ndata: ".getBytes(StandardCharsets.UTF_8));
        body.write(json);
        body.write("\n\n".getBytes(StandardCharsets.UTF_8));
    }

    /** Whether the request may go on; if not, it was answered 401 or 403 with the challenge. */
    private boolean authorized(HttpExchange exchange) throws IOException {
        String given = exchange.getRequestHeaders().getFirst("Authorization");
        int refusal = forbidden ? 403 : requiredAuthorization != null && !requiredAuthorization.equals(given) ? 401
                : refusesEventStream && exchange.getRequestMethod().equals("GET") ? 401 : 0;
        if (refusal == 0) {
            return true;
        }
        byte[] body = (refusal == 401 ? "Unauthorized" : "Forbidden").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("WWW-Authenticate", challenge);
        exchange.getResponseHeaders().add("Content-Type", "text/plain");
        exchange.sendResponseHeaders(refusal, body.length);
        exchange.getResponseBody().write(body);
        return false;
    }

    private static void empty(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
    }

    private void record(HttpExchange exchange, String rpc, String session) {
        var headers = exchange.getRequestHeaders();
        seen.add(new Seen(exchange.getRequestMethod(), rpc, session, headers.getFirst("MCP-Protocol-Version"),
                headers.getFirst("Authorization"), headers.getFirst("Accept"), headers.getFirst("Last-Event-ID")));
    }
}
