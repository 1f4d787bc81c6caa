package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agentls.config.Provider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A local server's context length, read where the server tells it, and a warning before a prompt goes past it.
 * Ollama's {@code /api/show} answers with {@code parameters} ("num_ctx 2048") and {@code model_info}
 * ({@code <arch>.context_length}) as its API reference shows (https://docs.ollama.com/api-reference/show-model-details);
 * past that context Ollama drops the start of the prompt without an error (https://docs.ollama.com/context-length,
 * https://aider.chat/docs/llms/ollama.html). vLLM lists {@code max_model_len} in {@code /v1/models}.
 */
class LocalServerContextTest {

    private static final String ANSWER = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"ok\"},"
            + "\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n";

    private final Harness h = new Harness();
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private final List<String> userAgents = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.stop(0);
        }
        h.close();
    }

    /** A loopback server answering {@code routes} (path: JSON) and chat completions with a short answer. */
    private URI serve(Map<String, String> routes) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            asked.add(exchange.getRequestMethod() + " " + path + (body.isEmpty() ? "" : " " + body));
            userAgents.add(path + " " + exchange.getRequestHeaders().getFirst("User-Agent"));
            if (path.endsWith("/chat/completions")) {
                reply(exchange, 200, "text/event-stream", ANSWER);
            } else if (routes.containsKey(path)) {
                reply(exchange, 200, "application/json", routes.get(path));
            } else {
                reply(exchange, 404, "text/plain", "404 page not found");
            }
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    private static void reply(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private ModelOutcome call(URI base, String model, String prompt) throws Exception {
        var settings = Harness.settings(Provider.OPENAI, base);
        settings = new dev.agentls.config.LlmSettings(settings.provider(), settings.baseUrl(), model,
                settings.apiKeyEnv(), settings.toolMode(), settings.maxOutputTokens(), settings.contextWindow(),
                settings.safeZone(), settings.timeouts(), settings.retries(), settings.continuationRounds(),
                settings.prices(), settings.maxTokensField(), settings.maxAnswerChars(), settings.thinking());
        StreamingModelClient client = new StreamingModelClient(settings, h.env::get, h.clock,
                (delay, cancelled) -> { }, new java.util.Random(1), h.executor,
                java.util.function.UnaryOperator.identity(), true);
        return client.stream(Harness.ask(prompt), h.events::add).outcome().get(30, TimeUnit.SECONDS);
    }

    private static final Map<String, String> OLLAMA = Map.of(
            "/api/version", "{\"version\":\"0.12.3\"}",
            "/api/show", "{\"parameters\":\"temperature 0.7\\nnum_ctx 2048\",\"details\":{\"family\":\"qwen2\"},"
                    + "\"model_info\":{\"general.architecture\":\"qwen2\",\"qwen2.context_length\":32768}}");

    @Test
    void readsOllamasNumCtxAndWarnsBeforeAPromptGoesPastIt() throws Exception {
        URI base = serve(OLLAMA);

        ModelOutcome outcome = call(base, "qwen2.5-coder:7b", "Fix the bug. " + "x".repeat(8_000));

        assertTrue(outcome instanceof ModelOutcome.Completed, outcome.toString());
        assertEquals("ok", h.text(), "the call still goes out");
        assertTrue(asked.contains("POST /api/show {\"model\":\"qwen2.5-coder:7b\"}"), asked.toString());
        List<ModelEvent.Warning> warnings = h.all(ModelEvent.Warning.class);
        assertEquals(1, warnings.size(), h.events.toString());
        String warning = warnings.get(0).message();
        assertTrue(warning.contains("past the 2048-token context Ollama runs qwen2.5-coder:7b with (num_ctx"),
                warning);
        assertTrue(warning.contains("set llm.contextWindow to 2048"), warning);
    }

    @Test
    void aPromptThatFitsOllamasContextGoesWithoutAWarning() throws Exception {
        URI base = serve(OLLAMA);

        call(base, "qwen2.5-coder:7b", "Fix the bug.");

        assertEquals(List.of(), h.all(ModelEvent.Warning.class));
        assertEquals("ok", h.text());
    }

    @Test
    void withoutNumCtxTheModelsContextLengthIsUsedAndTheSmallerDefaultNamed() {
        String show = "{\"parameters\":\"temperature 0.7\",\"model_info\":{\"llama.context_length\":131072}}";
        Optional<LocalServerProbe.ServerContext> context;
        try {
            URI base = serve(Map.of("/api/version", "{\"version\":\"0.12.3\"}", "/api/show", show));
            context = new LocalServerProbe(WireJson.mapper(), new OkHttpClient(), Duration.ofSeconds(5)).probe(base, "llama3.1");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertEquals(131072, context.orElseThrow().tokens());
        assertTrue(context.get().source().contains("OLLAMA_CONTEXT_LENGTH"), context.get().source());
    }

    @Test
    void readsVllmsMaxModelLenFromTheModelList() throws Exception {
        URI base = serve(Map.of("/v1/models", "{\"object\":\"list\",\"data\":[{\"id\":\"Qwen/Qwen3-Coder-30B\","
                + "\"object\":\"model\",\"max_model_len\":4096},{\"id\":\"other\",\"max_model_len\":99}]}"));

        call(base, "Qwen/Qwen3-Coder-30B", "y".repeat(16_000));

        String warning = h.all(ModelEvent.Warning.class).get(0).message();
        assertTrue(warning.contains("past the 4096-token context vLLM runs Qwen/Qwen3-Coder-30B with"
                + " (max_model_len (/v1/models))"), warning);
    }

    @Test
    void asksOnlyLocalServersDefaultPorts() {
        assertTrue(LocalServerProbe.applies(URI.create("http://localhost:11434/v1")));
        assertTrue(LocalServerProbe.applies(URI.create("http://10.0.0.5:8000/v1")));
        assertTrue(!LocalServerProbe.applies(URI.create("https://api.openai.com/v1")));
        assertTrue(!LocalServerProbe.applies(URI.create("http://127.0.0.1:41234/v1")));
    }

    @Test
    void theProbeAndTheCallGoOverTheModelClientsOkHttp() throws Exception {
        URI base = serve(OLLAMA);

        call(base, "qwen2.5-coder:7b", "Fix the bug.");

        assertEquals(3, userAgents.size(), userAgents.toString());
        for (String agent : userAgents) {
            assertTrue(agent.matches("/\\S+ okhttp/\\S+"), agent);
        }
    }

    @Test
    void aServerThatNeverAnswersGivesNothingOnceTheProbesWaitIsOver() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread accepting = new Thread(() -> {
                try (Socket held = silent.accept()) {
                    held.getInputStream().read(new byte[1 << 16]);
                    silent.accept().close();
                } catch (IOException closed) {
                    // the test is over
                }
            });
            accepting.setDaemon(true);
            accepting.start();
            URI base = URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/v1");
            long start = System.nanoTime();
            Optional<LocalServerProbe.ServerContext> context = new LocalServerProbe(WireJson.mapper(),
                    new OkHttpClient(), Duration.ofMillis(300)).probe(base, "llama3.1");
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(Optional.empty(), context);
            assertTrue(waited >= 300 && waited < 10_000, "gave up after its wait of 300 ms: " + waited + " ms");
        }
    }
}
