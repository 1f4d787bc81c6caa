package dev.agentls.llm;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.LlmSettings;
import dev.agentls.config.ModelPrice;
import dev.agentls.config.ToolMode;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;

/**
 * One logical answer: rounds (the first, then a continuation for each {@code length} stop, up to
 * {@code continuationRounds}, where the protocol allows it: a prefill, or for a model that refuses one
 * ({@link PrefillSupport}) a user message asking it to go on), each round tried again
 * after a 429 or 5xx only while nothing has reached the listener. Owns the call's cancellation: the flag, the HTTP
 * exchange under way and the latch that wakes a backoff; the whole answer's deadline, set when it begins; and
 * the answer's {@link AnswerBudget}, shared by all rounds, which stops the call when the answer grows too large. In
 * xml tool mode the answer's text runs through one {@link XmlToolCalls} for all rounds.
 */
final class StreamingCall implements ModelCall, HttpAttempt.Registry {

    private final LlmSettings settings;
    private final WireProtocol protocol;
    private final HttpAttempt attempt;
    private final ApiKeySource keys;
    private final Sleeper sleeper;
    private final Backoff backoff;
    private final Logger log;
    private final ModelRequest request;
    private final ModelListener listener;
    private final AnswerBudget budget;
    private final EventSink roundSink;
    private final XmlToolCalls xml;
    private final PrefillSupport prefill;
    private final ContextGuard contextGuard;

    private final CompletableFuture<ModelOutcome> outcome = new CompletableFuture<>();
    private final CountDownLatch cancelLatch = new CountDownLatch(1);
    private final ReentrantLock delivery = new ReentrantLock();
    private volatile boolean cancelled;
    private volatile HttpExchange current;
    private boolean delivered;
    private KeyRedactor redactor = new KeyRedactor("");

    StreamingCall(LlmSettings settings, WireProtocol protocol, HttpAttempt attempt, ApiKeySource keys,
                  Sleeper sleeper, Backoff backoff, Logger log, ObjectMapper json, ModelRequest request,
                  ModelListener listener, String answerId, PrefillSupport prefill, ContextGuard contextGuard) {
        this.prefill = prefill;
        this.contextGuard = contextGuard;
        this.settings = settings;
        this.protocol = protocol;
        this.attempt = attempt;
        this.keys = keys;
        this.sleeper = sleeper;
        this.backoff = backoff;
        this.log = log;
        this.request = request;
        this.listener = listener;
        // Counted as it arrives, before the xml parser: the raw text is what the parser and the consumer hold.
        this.budget = new AnswerBudget(settings.maxAnswerChars());
        if (settings.toolMode() == ToolMode.XML) {
            this.xml = new XmlToolCalls(json, XmlToolCalls.declaredParameters(json, request.tools()), answerId,
                    this::deliver);
            // Text fed to the parser may be held back (a possible tag start), yet it is part of the answer now:
            // a retry would feed it twice.
            this.roundSink = event -> {
                budget.charge(event);
                delivered = true;
                xml.accept(event);
            };
        } else {
            this.xml = null;
            this.roundSink = event -> {
                budget.charge(event);
                deliver(event);
            };
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        cancelLatch.countDown();
        HttpExchange exchange = current;
        if (exchange != null) {
            exchange.cancel();
        }
        // Waits for a delivery under way on the call's thread, so nothing is delivered once cancel() returns.
        delivery.lock();
        delivery.unlock();
        outcome.complete(new ModelOutcome.Failed(new ModelFailure.Cancelled()));
    }

    @Override
    public CompletableFuture<ModelOutcome> outcome() {
        return outcome;
    }

    @Override
    public boolean register(HttpExchange exchange) {
        current = exchange;
        if (cancelled) {
            exchange.cancel();
            return false;
        }
        return true;
    }

    @Override
    public boolean cancelled() {
        return cancelled;
    }

    /** Runs the whole answer on the caller's thread (the client's executor). */
    void run() {
        ModelOutcome result;
        try {
            result = answer();
        } catch (FailureException e) {
            result = new ModelOutcome.Failed(redactor.redact(e.failure()));
        } catch (ListenerFailure e) {
            result = new ModelOutcome.Failed(redactor.redact(
                    new ModelFailure.ProtocolError("the event listener failed: " + e.getCause())));
        } catch (RuntimeException e) {
            result = new ModelOutcome.Failed(redactor.redact(new ModelFailure.ProtocolError("internal error: " + e)));
        }
        if (cancelled) {
            result = new ModelOutcome.Failed(new ModelFailure.Cancelled());
        }
        ModelOutcome last = result;
        if (last instanceof ModelOutcome.Failed f) {
            log.info(() -> "model call failed: " + f.failure().message());
        }
        outcome.complete(last);
    }

    private ModelOutcome answer() throws FailureException {
        String key = keys.keyFor(settings);
        redactor = new KeyRedactor(key);
        ModelRequest round = request;
        StringBuilder answer = new StringBuilder();
        Optional<TokenUsage> usage = Optional.empty();
        int maxTokens = request.maxOutputTokens().orElse(settings.maxOutputTokens());
        boolean withTools = settings.toolMode() == ToolMode.NATIVE;
        long deadline = attempt.answerDeadline();
        contextGuard.check(request, maxTokens, settings.model()).ifPresent(warning -> {
            log.info(() -> "warning: " + warning);
            deliverRetry(new ModelEvent.Warning(warning));
        });
        for (int rounds = 0; ; rounds++) {
            WireRequest wire;
            try {
                wire = protocol.build(round, maxTokens, key, withTools);
            } catch (IllegalArgumentException e) {
                throw new FailureException(new ModelFailure.BadRequest(0, e.getMessage()));
            }
            RoundEnd end;
            try {
                end = withRetries(wire, deadline);
            } catch (FailureException e) {
                if (rounds == 0 || !PrefillSupport.isRefusal(e.failure()) || prefill.refuses(settings.model())) {
                    throw e;
                }
                // The model refused the prefill (nothing of this round was delivered): remembered, and the same
                // round asked again with a user message, so the answer goes on.
                prefill.remember(settings.model());
                log.info(() -> "model " + settings.model() + " refuses an assistant prefill; continuing with a user"
                        + " message from now on");
                deliverRetry(new ModelEvent.Warning("model " + settings.model() + " refused to continue its cut"
                        + " answer from an assistant prefill (HTTP 400); asked again with a user message, as it will"
                        + " be from now on"));
                round = continuation(answer.toString());
                rounds--;
                continue;
            }
            if (end.usage().isPresent()) {
                usage = Optional.of(usage.map(end.usage().get()::plus).orElse(end.usage().get()));
            }
            answer.append(end.text());
            boolean continueAnswer = end.reason() == FinishReason.LENGTH && !end.madeToolCalls()
                    && !end.text().isEmpty() && rounds < settings.continuationRounds() && protocol.continuesByPrefill();
            if (!continueAnswer) {
                FinishReason reason = end.reason();
                if (xml != null) {
                    xml.finish();
                    reason = xml.madeToolCalls() && reason == FinishReason.STOP ? FinishReason.TOOL_CALLS : reason;
                }
                Optional<TokenUsage> total = usage;
                Optional<BigDecimal> cost = total.flatMap(u -> settings.price().map(p -> cost(p, u)));
                total.ifPresent(u -> deliver(new ModelEvent.Usage(u, cost)));
                deliver(new ModelEvent.Finished(reason, end.providerReason()));
                return new ModelOutcome.Completed(reason, total, cost);
            }
            int next = rounds + 2;
            log.fine(() -> "model answer hit the output limit; continuing (round " + next + ")");
            round = continuation(answer.toString());
        }
    }

    /** The request that continues {@code answer}: a prefill, or for a model that refuses one a user message after it. */
    private ModelRequest continuation(String answer) {
        ModelRequest withAnswer = request.plus(ModelMessage.Assistant.text(answer));
        return prefill.refuses(settings.model()) ? withAnswer.plus(new ModelMessage.User(PrefillSupport.CONTINUE))
                : withAnswer;
    }

    private RoundEnd withRetries(WireRequest wire, long deadline) throws FailureException {
        for (int tried = 1; ; tried++) {
            try {
                return attempt.run(protocol, wire, redactor, this, roundSink, deadline);
            } catch (FailureException e) {
                ModelFailure failure = e.failure();
                boolean retriable = failure instanceof ModelFailure.RateLimited
                        || failure instanceof ModelFailure.ServerError;
                if (!retriable || cancelled || delivered) {
                    throw e;
                }
                Optional<Duration> requested = e.retryAfter().isPresent() ? e.retryAfter()
                        : failure instanceof ModelFailure.RateLimited r ? r.retryAfter() : Optional.empty();
                Optional<Duration> delay = backoff.delayAfter(tried, requested);
                if (delay.isEmpty()) {
                    throw e;
                }
                deliverRetry(new ModelEvent.Retrying(tried + 1, delay.get(), redactor.redact(failure)));
                try {
                    sleeper.sleep(delay.get(), cancelLatch);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new FailureException(new ModelFailure.Cancelled());
                }
                if (cancelled) {
                    throw new FailureException(new ModelFailure.Cancelled());
                }
            }
        }
    }

    private static BigDecimal cost(ModelPrice price, TokenUsage usage) {
        return price.cost(usage.input() - usage.cached(), usage.cached(), usage.output());
    }

    /** Part of the answer: after this, a failure is final. */
    private void deliver(ModelEvent event) {
        send(event);
        delivered = true;
    }

    /** A retry notice or a warning does not count as part of the answer. */
    private void deliverRetry(ModelEvent event) {
        send(event);
    }

    private void send(ModelEvent event) {
        delivery.lock();
        try {
            if (cancelled) {
                return;
            }
            listener.onEvent(event);
        } catch (RuntimeException e) {
            throw new ListenerFailure(e);
        } finally {
            delivery.unlock();
        }
    }

    /** A listener's exception, carried out of the decoder to end the call. */
    private static final class ListenerFailure extends RuntimeException {
        ListenerFailure(RuntimeException cause) {
            super(cause);
        }
    }
}
