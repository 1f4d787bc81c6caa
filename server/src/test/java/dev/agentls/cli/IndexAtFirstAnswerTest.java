package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelClient;
import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelFailure;
import dev.agentls.llm.ModelListener;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The one-shot run's index starts when the first answer begins, or its call ends without one, and only once. */
class IndexAtFirstAnswerTest {

    private static final ModelRequest REQUEST = ModelRequest.of(List.of(new ModelMessage.User("hi")), List.of());

    private final AtomicInteger starts = new AtomicInteger();
    private final List<ModelListener> listeners = new ArrayList<>();
    private final List<CompletableFuture<ModelOutcome>> outcomes = new ArrayList<>();
    private final Function<LlmSettings, ModelClient> models = new IndexAtFirstAnswer(starts::incrementAndGet)
            .models(llm -> new Recorded());

    @Test
    void theIndexStartsAtTheFirstAnswersFirstEventNotWhenTheRequestIsMade() {
        ModelClient client = models.apply(LlmSettings.defaults(Provider.OPENAI));
        List<ModelEvent> heard = new ArrayList<>();
        client.stream(REQUEST, heard::add);
        assertEquals(0, starts.get(), "nothing is read while the request is on its way");

        listeners.get(0).onEvent(new ModelEvent.TextDelta("Hel"));
        assertEquals(1, starts.get());
        listeners.get(0).onEvent(new ModelEvent.TextDelta("lo"));
        assertEquals(List.of(new ModelEvent.TextDelta("Hel"), new ModelEvent.TextDelta("lo")), heard,
                "the run hears every event as it came");

        models.apply(LlmSettings.defaults(Provider.OPENAI)).stream(REQUEST, event -> { });
        listeners.get(1).onEvent(new ModelEvent.TextDelta("again"));
        assertEquals(1, starts.get(), "one start per process, whichever client and call");
    }

    @Test
    void aFirstCallThatEndsWithoutAnAnswerStartsTheIndex() {
        models.apply(LlmSettings.defaults(Provider.OPENAI)).stream(REQUEST, event -> { });
        assertFalse(outcomes.get(0).isDone());
        outcomes.get(0).complete(new ModelOutcome.Failed(new ModelFailure.Unreachable("connection refused")));
        assertEquals(1, starts.get());
    }

    @Test
    void theSwitchAsksForTheIndexAtStart() {
        assertTrue(IndexAtFirstAnswer.turnedOff(Map.of(IndexAtFirstAnswer.SWITCH, "on")::get));
        assertFalse(IndexAtFirstAnswer.turnedOff(Map.<String, String>of()::get));
        assertFalse(IndexAtFirstAnswer.turnedOff(Map.of(IndexAtFirstAnswer.SWITCH, "off")::get));
    }

    /** A client that keeps each call's listener and outcome for the test to drive. */
    private final class Recorded implements ModelClient {
        @Override
        public ModelCall stream(ModelRequest request, ModelListener listener) {
            listeners.add(listener);
            CompletableFuture<ModelOutcome> outcome = new CompletableFuture<>();
            outcomes.add(outcome);
            return new ModelCall() {
                @Override
                public void cancel() {
                }

                @Override
                public CompletableFuture<ModelOutcome> outcome() {
                    return outcome;
                }
            };
        }
    }
}
