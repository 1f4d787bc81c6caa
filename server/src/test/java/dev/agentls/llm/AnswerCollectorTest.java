package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AnswerCollectorTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void collectsTheAnswerAsTheAssistantMessageForTheHistoryWhilePassingEveryEventOn() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            AnswerCollector collector = new AnswerCollector(h.events::add);
            ModelCall call = h.client(Harness.anthropic(model)).stream(Harness.ask("read it"), collector);
            call.outcome().get(30, TimeUnit.SECONDS);

            assertEquals(ModelMessage.Assistant.of(
                    new ModelMessage.Thinking("I should read the file.", "EqQBCgIYAhIM1gbcDa9GJwZA"),
                    new ModelMessage.Text("Let me look at it."),
                    new ToolCall("toolu_01", "read_file", "{\"target_file\": \"src/App.java\"}"),
                    new ToolCall("toolu_02", "list_dir", "{\"relative_workspace_path\": \".\"}")),
                    collector.message());
            assertEquals(14, h.events.size());
        }
    }
}
