package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Asks a local OpenAI-compatible server how long a context it runs the model with, where it says. Ollama is
 * recognised by {@code GET /api/version}; its {@code POST /api/show} gives the model's {@code <arch>.context_length}
 * and any {@code num_ctx} its Modelfile sets (https://docs.ollama.com/api-reference/show-model-details), the
 * latter being what the server runs with. Other servers are asked {@code GET {base}/models}: vLLM's entries carry
 * {@code max_model_len}, llama.cpp's {@code meta.n_ctx} or {@code meta.n_ctx_train}. A server that answers none of
 * these, slowly or not at all, gives nothing; the probe never fails a call. It goes through the model client's
 * okhttp client (its connection pool and dispatcher), straight to the server (no proxy), each wait {@code timeout}.
 */
final class LocalServerProbe {

    /** What a server said: its kind, the context length in tokens, and where the figure came from. */
    record ServerContext(String server, long tokens, String source) {}

    private static final Pattern NUM_CTX = Pattern.compile("(?m)^\\s*num_ctx\\s+(\\d+)");
    private static final int MAX_BODY = 4 << 20;
    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

    private final ObjectMapper json;
    private final OkHttpClient http;

    /** @param http the model client's okhttp client, whose pool this shares; {@code timeout} bounds each wait */
    LocalServerProbe(ObjectMapper json, OkHttpClient http, Duration timeout) {
        this.json = json;
        this.http = http.newBuilder().proxy(Proxy.NO_PROXY).connectTimeout(timeout).readTimeout(timeout)
                .writeTimeout(timeout).build();
    }

    /** Default ports: Ollama 11434, vLLM 8000, llama.cpp's server 8080, LM Studio 1234. */
    private static final java.util.Set<Integer> LOCAL_PORTS = java.util.Set.of(11434, 8000, 8080, 1234);

    /**
     * Whether to ask: plain HTTP on a local server's default port, so a hosted provider, and any other server, is
     * never sent a request it did not ask for.
     */
    static boolean applies(URI baseUrl) {
        return "http".equalsIgnoreCase(baseUrl.getScheme()) && LOCAL_PORTS.contains(baseUrl.getPort());
    }

    Optional<ServerContext> probe(URI baseUrl, String model) {
        String base = baseUrl.toString().replaceAll("/+$", "");
        String root = base.replaceAll("/v1$", "");
        try {
            Optional<JsonNode> version = get(root + "/api/version");
            if (version.isPresent() && version.get().has("version")) {
                return ollama(root, model);
            }
            return models(base, model);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private Optional<ServerContext> ollama(String root, String model) throws IOException {
        Optional<JsonNode> show = post(root + "/api/show", json.createObjectNode().put("model", model).toString());
        if (show.isEmpty()) {
            return Optional.empty();
        }
        Matcher numCtx = NUM_CTX.matcher(show.get().path("parameters").asText(""));
        if (numCtx.find()) {
            return Optional.of(new ServerContext("Ollama", Long.parseLong(numCtx.group(1)),
                    "num_ctx in the model's parameters (/api/show)"));
        }
        JsonNode info = show.get().path("model_info");
        if (info.isObject()) {
            for (Map.Entry<String, JsonNode> e : info.properties()) {
                if (e.getKey().endsWith(".context_length") && e.getValue().asLong(0) > 0) {
                    return Optional.of(new ServerContext("Ollama", e.getValue().asLong(0), e.getKey()
                            + " (/api/show); Ollama runs a model with a smaller default context unless num_ctx or"
                            + " OLLAMA_CONTEXT_LENGTH sets one"));
                }
            }
        }
        return Optional.empty();
    }

    private Optional<ServerContext> models(String base, String model) throws IOException {
        Optional<JsonNode> list = get(base + "/models");
        if (list.isEmpty()) {
            return Optional.empty();
        }
        JsonNode data = list.get().path("data");
        for (JsonNode entry : data.isArray() ? data : json.createArrayNode()) {
            if (!entry.path("id").asText("").equals(model) && data.size() != 1) {
                continue;
            }
            long vllm = entry.path("max_model_len").asLong(0);
            if (vllm > 0) {
                return Optional.of(new ServerContext("vLLM", vllm, "max_model_len (/v1/models)"));
            }
            long nCtx = entry.path("meta").path("n_ctx").asLong(0);
            long train = entry.path("meta").path("n_ctx_train").asLong(0);
            if (nCtx > 0 || train > 0) {
                return Optional.of(new ServerContext("llama.cpp", nCtx > 0 ? nCtx : train,
                        (nCtx > 0 ? "meta.n_ctx" : "meta.n_ctx_train") + " (/v1/models)"));
            }
        }
        return Optional.empty();
    }

    private Optional<JsonNode> get(String url) throws IOException {
        return exchange(url, null);
    }

    private Optional<JsonNode> post(String url, String body) throws IOException {
        return exchange(url, body);
    }

    private Optional<JsonNode> exchange(String url, String body) throws IOException {
        Request.Builder request = new Request.Builder().url(url);
        if (body != null) {
            request.post(RequestBody.create(body, JSON));
        }
        try (Response response = http.newCall(request.build()).execute()) {
            if (response.code() != 200) {
                return Optional.empty();
            }
            try (InputStream in = response.body().byteStream()) {
                byte[] bytes = in.readNBytes(MAX_BODY);
                return Optional.of(json.readTree(new String(bytes, StandardCharsets.UTF_8)));
            }
        }
    }
}
