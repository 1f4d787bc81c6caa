package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.agentls.llm.FinishReason;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A warning the model client raises before an answer (a prompt past a local server's context) reaches the run. */
class ModelTurnWarningTest {

    @Test
    void aClientWarningBecomesARunWarningEventAndTheAnswerStillCounts() {
        List<AgentEvent> events = new CopyOnWriteArrayList<>();
        EventStream stream = new EventStream("r1", "c1", events::add);
        stream.start(RunMode.ASK);
        ModelRequest request = ModelRequest.of(List.of(new ModelMessage.User("hi")), List.of());

        ModelTurn.Result result = ModelTurn.call((req, listener) -> {
            listener.onEvent(new ModelEvent.Warning("the prompt is about 5000 tokens, past the 2048-token context"));
            listener.onEvent(new ModelEvent.TextDelta("ok"));
            listener.onEvent(new ModelEvent.Finished(FinishReason.STOP, "stop"));
            return new ModelCall() {
                @Override
                public void cancel() {
                }

                @Override
                public CompletableFuture<ModelOutcome> outcome() {
                    return CompletableFuture.completedFuture(new ModelOutcome.Completed(FinishReason.STOP,
                            Optional.empty(), Optional.empty()));
                }
            };
        }, request, call -> { }, stream, null);

        List<AgentEvent.Warning> warnings = events.stream().filter(AgentEvent.Warning.class::isInstance)
                .map(AgentEvent.Warning.class::cast).toList();
        assertEquals(1, warnings.size(), events.toString());
        assertEquals("the prompt is about 5000 tokens, past the 2048-token context", warnings.get(0).message());
        assertEquals("ok", assertInstanceOf(ModelTurn.Result.Answered.class, result).message().text());
    }
}
