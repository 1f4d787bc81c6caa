package dev.agentls.cli;

import dev.agentls.config.LlmSettings;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.ModelListener;
import dev.agentls.llm.ModelRequest;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * Starts a one-shot run's file index (and so its repo map) when the process's first model answer begins to arrive,
 * or its first call ends without one, rather than with the workspace: by then the request has left, so reading a
 * large workspace does not share the two cores with the process's first request. Measured on a 30,000-file workspace
 * (BENCHMARKS.md, "Start-up"): the first request left after 473 ms with this, 699 ms with the index and map read from
 * the start. No tool sees the index unstarted: tools run on a complete answer and wait for the index (FileIndex.ready),
 * which the answer's first event started. {@code AGENTLS_INDEX_AT_START=on} starts it with the workspace instead.
 */
final class IndexAtFirstAnswer {

    /** The environment variable that turns this off. */
    static final String SWITCH = "AGENTLS_INDEX_AT_START";

    private final Runnable startIndex;
    private final AtomicBoolean started = new AtomicBoolean();

    IndexAtFirstAnswer(Runnable startIndex) {
        this.startIndex = startIndex;
    }

    /** Whether the environment asks for the index at start. */
    static boolean turnedOff(Function<String, String> environment) {
        return "on".equals(environment.apply(SWITCH));
    }

    /** The model clients of {@code models}, each starting the index at the process's first answer. */
    Function<LlmSettings, ModelClient> models(Function<LlmSettings, ModelClient> models) {
        return llm -> new Client(models.apply(llm));
    }

    private void start() {
        if (started.compareAndSet(false, true)) {
            startIndex.run();
        }
    }

    private final class Client implements ModelClient {
        private final ModelClient delegate;

        Client(ModelClient delegate) {
            this.delegate = delegate;
        }

        @Override
        public ModelCall stream(ModelRequest request, ModelListener listener) {
            if (started.get()) {
                return delegate.stream(request, listener);
            }
            ModelCall call = delegate.stream(request, event -> {
                start();
                listener.onEvent(event);
            });
            call.outcome().whenComplete((outcome, failed) -> start());
            return call;
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}
