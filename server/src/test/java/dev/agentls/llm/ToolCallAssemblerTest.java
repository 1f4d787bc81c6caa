package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolCallAssemblerTest {

    private final ObjectMapper json = WireJson.mapper();
    private final List<ModelEvent> events = new ArrayList<>();
    private final ToolCallAssembler calls = new ToolCallAssembler(json, events::add);

    private void delta(String text) throws Exception {
        calls.accept(json.readTree(text),
                () -> WireJson.compactAt(json, text, JsonPointer.compile("/function/arguments")).orElse(""));
    }

    @Test
    void withoutIndexOrIdFragmentsJoinTheLastCallAndANewNameStartsANewOne() throws Exception {
        delta("{\"function\":{\"name\":\"read_file\",\"arguments\":\"{\\\"a\\\"\"}}");
        delta("{\"function\":{\"arguments\":\":1}\"}}");
        delta("{\"function\":{\"name\":\"list_dir\",\"arguments\":{\"p\":\".\"}}}");
        calls.completeAll(false);

        assertEquals(List.of(
                new ModelEvent.ToolCallStarted("call_0", "read_file"),
                new ModelEvent.ToolCallArgumentsDelta("call_0", "{\"a\":1}"),
                new ModelEvent.ToolCallCompleted("call_0", "read_file", "{\"a\":1}"),
                new ModelEvent.ToolCallStarted("call_1", "list_dir"),
                new ModelEvent.ToolCallArgumentsDelta("call_1", "{\"p\":\".\"}"),
                new ModelEvent.ToolCallCompleted("call_1", "list_dir", "{\"p\":\".\"}")), events);
    }

    @Test
    void aCallWithoutArgumentsCompletesWithAnEmptyObject() throws Exception {
        delta("{\"index\":0,\"id\":\"c1\",\"function\":{\"name\":\"list_dir\",\"arguments\":\"\"}}");
        calls.completeAll(false);
        assertEquals(new ModelEvent.ToolCallCompleted("c1", "list_dir", "{}"), events.get(events.size() - 1));
    }

    @Test
    void completesACallThatNeverGotANameWithTheEmptyNameForTheToolsToRefuse() throws Exception {
        delta("{\"index\":0,\"id\":\"c1\",\"function\":{\"arguments\":\"{}\"}}");
        calls.completeAll(false);
        assertEquals(new ModelEvent.ToolCallCompleted("c1", "", "{}"), events.get(events.size() - 1));
    }

    @Test
    void refusesDeltasAfterTheFinish() throws Exception {

        ToolCallAssembler done = new ToolCallAssembler(json, events::add);
        done.completeAll(false);
        FailureException late = assertThrows(FailureException.class,
                () -> done.accept(json.readTree("{\"index\":0,\"id\":\"x\",\"function\":{\"name\":\"a\"}}"), () -> ""));
        assertEquals(new ModelFailure.ProtocolError("a tool call delta came after the finish_reason"), late.failure());
    }
}
