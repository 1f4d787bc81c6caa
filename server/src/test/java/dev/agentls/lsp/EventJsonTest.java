package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.Gson;
import com.google.gson.JsonParser;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.AgentEventJson;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunStatus;
import dev.agentls.agent.ToolCalls;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.junit.jupiter.api.Test;

/**
 * {@code agentls/event} params written from the event's Jackson tree by {@link EventJson.Adapter}: the same JSON text,
 * character for character, as the tree turned into text and parsed back into a Gson tree wrote, for every value kind
 * an event has (text needing escapes, numbers, decimals, arrays, booleans).
 */
class EventJsonTest {

    private final Gson gson = new MessageJsonHandler(Map.of(),
            builder -> builder.registerTypeAdapter(EventJson.class, new EventJson.Adapter())).getGson();

    @Test
    void anEventWrittenFromItsTreeIsWhatTheTextRoundTripWrote() {
        List<AgentEvent> events = List.of(
                new AgentEvent.RunStarted("1", 0, RunMode.DIRECT, "c-1"),
                new AgentEvent.Text("1", 1, "<b>&'\"quoted\"\\ tab\t line\u2028 emoji \uD83D\uDE00 nul\u0000"),
                ToolCalls.event("1", 2, "call_1", "read_file", "{\"target_file\": \"a<b>.txt\",", "why"),
                new AgentEvent.ToolResult("1", 3, "call_1", "read_file", false, "read_file: the arguments are not"
                        + " valid JSON", true),
                new AgentEvent.PlanCreated("1", 4, "goal", List.of("one", "two")),
                new AgentEvent.TokenUsage("1", 5, 1_234_567_890_123L, 40, 0, Optional.of(new BigDecimal("0.0123")),
                        OptionalDouble.of(0.815)),
                new AgentEvent.EditApplied("1", 6, "call_2", "src/App.java", 3, 1, "cp-1"),
                new AgentEvent.RunFinished("1", 7, RunStatus.COMPLETED, "done"));
        for (AgentEvent event : events) {
            String roundTrip = gson.toJson(JsonParser.parseString(AgentEventJson.toJson(event).toString()));
            assertEquals(roundTrip, gson.toJson(EventJson.of(event)), AgentEventJson.type(event));
        }
    }

    @Test
    void anEventIsNeverReadBackByTheServer() {
        assertThrows(UnsupportedOperationException.class, () -> gson.fromJson("{\"type\":\"text\"}", EventJson.class));
    }
}
