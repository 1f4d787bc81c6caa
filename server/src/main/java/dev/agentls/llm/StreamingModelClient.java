package dev.agentls.llm;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;
import java.util.random.RandomGenerator;
import okhttp3.ConnectionSpec;
import okhttp3.OkHttpClient;

/**
 * The {@link ModelClient} for one {@link LlmSettings}: picks the wire protocol by provider, owns the HTTP client
 * (connect, first-byte, idle and no-progress waits from the settings, no timeout for the whole call) and starts
 * each call on the given executor. Its collaborators are injected so tests run it against a loopback server with no
 * sleeping and a made-up environment.
 */
public final class StreamingModelClient implements ModelClient {

    /** The logger every request, response and failure goes to, always redacted. */
    public static final String LOGGER = "dev.agentls.llm";

    private final LlmSettings settings;
    private final WireProtocol protocol;
    private final HttpAttempt attempt;
    private final ApiKeySource keys;
    private final Sleeper sleeper;
    private final Backoff backoff;
    private final Executor executor;
    private final JsonCodec json = new JsonCodec();
    private final Logger log = Logger.getLogger(LOGGER);

    /**
     * @param environment how a variable's value is read ({@code System::getenv} in the product)
     * @param executor    runs each call; one thread per concurrent call
     */
    public StreamingModelClient(LlmSettings settings, Function<String, String> environment, Clock clock,
                                Sleeper sleeper, RandomGenerator random, Executor executor) {
        this(settings, environment, clock, sleeper, random, executor, UnaryOperator.identity());
    }

    /** As the public constructor, with a hook on the HTTP client for tests (HTTP/2 without TLS, for one). */
    StreamingModelClient(LlmSettings settings, Function<String, String> environment, Clock clock, Sleeper sleeper,
                         RandomGenerator random, Executor executor, UnaryOperator<OkHttpClient.Builder> http) {
        this.settings = settings;
        String base = settings.baseUrl().toString();
        this.protocol = settings.provider() == Provider.ANTHROPIC
                ? new AnthropicProtocol(json, base, settings.model(), settings.thinking())
                : new OpenAiProtocol(json, base, settings.model(),
                        settings.maxTokensField().resolve(settings.baseUrl()), settings.thinking());
        OkHttpClient.Builder builder = new OkHttpClient.Builder().socketFactory(new NoDelaySockets());
        if ("http".equalsIgnoreCase(settings.baseUrl().getScheme())) {
            // A cleartext-only client sets up no TLS (providers, trust store, SSLContext: about 0.3 s of a cold
            // start, measured in BENCHMARKS.md) for a model on http://, a local server or loopback, that never uses it.
            builder.connectionSpecs(List.of(ConnectionSpec.CLEARTEXT));
        }
        OkHttpClient client = http.apply(builder
                .connectTimeout(settings.timeouts().connect())
                .readTimeout(settings.timeouts().firstByte())
                .writeTimeout(settings.timeouts().firstByte())
                .callTimeout(java.time.Duration.ZERO)).build();
        this.attempt = new HttpAttempt(client, clock, System::nanoTime, settings.timeouts(), log);
        attempt.prepare(protocol.endpoint());
        this.keys = new ApiKeySource(environment);
        this.sleeper = sleeper;
        this.backoff = new Backoff(settings.retries(), random);
        this.executor = executor;
    }

    /** The product's wiring: the real environment, clock and sleeper. */
    public static StreamingModelClient forProduct(LlmSettings settings, Executor executor) {
        return new StreamingModelClient(settings, System::getenv, Clock.systemUTC(), Sleeper.real(),
                new java.util.Random(), executor);
    }

    @Override
    public ModelCall stream(ModelRequest request, ModelListener listener) {
        StreamingCall call = new StreamingCall(settings, protocol, attempt, keys, sleeper, backoff, log, json, request,
                listener);
        executor.execute(call::run);
        return call;
    }
}
