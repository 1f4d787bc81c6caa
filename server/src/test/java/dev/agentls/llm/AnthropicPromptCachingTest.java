package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Prompt caching on the Anthropic protocol: cache_control breakpoints on the stable parts of every request. */
class AnthropicPromptCachingTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void marksTheLastToolTheSystemPromptAndTheEndOfTheHistoryAsCacheBreakpoints() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            ModelRequest request = ModelRequest.of(List.of(
                    new ModelMessage.System("Rules."),
                    new ModelMessage.User("Look at both"),
                    ModelMessage.Assistant.of(new ModelMessage.Thinking("hmm", "sig-1"),
                            new ToolCall("toolu_a", "read_file", "{\"target_file\":\"a\"}"),
                            new ToolCall("toolu_b", "read_file", "{\"target_file\":\"b\"}")),
                    new ModelMessage.ToolResult("toolu_a", "read_file", "A", false),
                    new ModelMessage.ToolResult("toolu_b", "read_file", "B", false)),
                    List.of(new ToolSpec("read_file", "Reads a file.", "{\"type\":\"object\"}"),
                            new ToolSpec("list_dir", "Lists a folder.", "{\"type\":\"object\"}")));
            h.run(Harness.anthropic(model), request);

            JsonNode body = model.requestJson(0);
            String ephemeral = "{\"type\":\"ephemeral\"}";
            assertEquals(ephemeral, body.at("/system/0/cache_control").toString());
            assertEquals("Rules.", body.at("/system/0/text").asText());
            assertFalse(body.at("/tools/0").has("cache_control"), "one breakpoint after all tools");
            assertEquals(ephemeral, body.at("/tools/1/cache_control").toString());
            assertEquals(ephemeral, body.at("/messages/2/content/1/cache_control").toString(),
                    "the last block of the history");
            int marks = body.toString().split("cache_control", -1).length - 1;
            assertEquals(3, marks, "the API allows four at most: " + body);
        }
    }

    @Test
    void aPrefillLeavesTheBreakpointOnTheLastUserTurn() throws Exception {
        try (ScriptedModel model = ScriptedModel.fromResource("anthropic-tools.jsonl")) {
            ModelRequest request = ModelRequest.of(List.of(
                    new ModelMessage.User("Say hi"),
                    ModelMessage.Assistant.text("Hi th")), List.of());
            h.run(Harness.anthropic(model), request);
            JsonNode body = model.requestJson(0);
            assertTrue(body.at("/messages/0/content/0").has("cache_control"), body.toString());
            assertFalse(body.at("/messages/1/content/0").has("cache_control"), body.toString());
            assertFalse(body.has("system"));
        }
    }
}
