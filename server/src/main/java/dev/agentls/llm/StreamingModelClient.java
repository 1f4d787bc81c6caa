package dev.agentls.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;
import java.util.random.RandomGenerator;
import okhttp3.OkHttpClient;

/**
 * The {@link ModelClient} for one {@link LlmSettings}: picks the wire protocol by provider, owns its okhttp client
 * (connect, first-byte, idle and no-progress waits from the settings, no timeout for the whole call) and starts each
 * call on the given executor. Its collaborators are injected so tests run it against a loopback server with no
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
    private final RandomGenerator random;
    private final ObjectMapper json = WireJson.mapper();
    private final Logger log = Logger.getLogger(LOGGER);
    /** Models found to refuse a prefill, for as long as this client lives. */
    private final PrefillSupport prefill = new PrefillSupport();
    /** Warns of a prompt past a local server's context; asks the server on the first call. */
    private final ContextGuard contextGuard;

    /**
     * @param environment how a variable's value is read ({@code System::getenv} in the product)
     * @param executor    runs each call; one thread per concurrent call
     */
    public StreamingModelClient(LlmSettings settings, Function<String, String> environment, Clock clock,
                                Sleeper sleeper, RandomGenerator random, Executor executor) {
        this(settings, environment, clock, sleeper, random, executor, UnaryOperator.identity());
    }

    /** As the public constructor, with a hook on the okhttp client's builder, for tests (HTTP/2, say). */
    StreamingModelClient(LlmSettings settings, Function<String, String> environment, Clock clock, Sleeper sleeper,
                         RandomGenerator random, Executor executor, UnaryOperator<OkHttpClient.Builder> http) {
        this(settings, environment, clock, sleeper, random, executor, http,
                LocalServerProbe.applies(settings.baseUrl()));
    }

    /** As the public constructor with a hook on okhttp's builder, asking the server its context or not. */
    StreamingModelClient(LlmSettings settings, Function<String, String> environment, Clock clock, Sleeper sleeper,
                         RandomGenerator random, Executor executor, UnaryOperator<OkHttpClient.Builder> http,
                         boolean askContext) {
        this.settings = settings;
        String base = settings.baseUrl().toString();
        this.protocol = settings.provider() == Provider.ANTHROPIC
                ? new AnthropicProtocol(json, base, settings.model(), settings.thinking())
                : new OpenAiProtocol(json, base, settings.model(),
                        settings.maxTokensField().resolve(settings.baseUrl()), settings.thinking(),
                        ToolShape.of(settings));
        OkHttpTransport transport = new OkHttpTransport(settings, http);
        this.attempt = new HttpAttempt(transport, clock, System::nanoTime, settings.timeouts(), log);
        this.keys = new ApiKeySource(environment);
        this.sleeper = sleeper;
        this.backoff = new Backoff(settings.retries(), random);
        this.executor = executor;
        this.random = random;
        LocalServerProbe probe = new LocalServerProbe(json, transport.client(), settings.timeouts().connect());
        this.contextGuard = askContext ? new ContextGuard(() -> probe.probe(settings.baseUrl(), settings.model())) : ContextGuard.none();
    }

    /** The product's wiring: the real environment, clock and sleeper. */
    public static StreamingModelClient forProduct(LlmSettings settings, Executor executor) {
        return new StreamingModelClient(settings, System::getenv, Clock.systemUTC(), Sleeper.real(),
                new java.util.Random(), executor);
    }

    @Override
    public ModelCall stream(ModelRequest request, ModelListener listener) {
        StreamingCall call = new StreamingCall(settings, protocol, attempt, keys, sleeper, backoff, log, json, request,
                listener, answerId(), prefill, contextGuard);
        executor.execute(call::run);
        return call;
    }

    /**
     * Eight hex digits naming one answer's XML-mode calls: unique enough within a conversation. Not
     * {@code String.format}, whose first use loads the locale's number formats on a run's first request.
     */
    private String answerId() {
        String hex = Integer.toHexString(random.nextInt());
        return "0".repeat(8 - hex.length()) + hex;
    }
}
