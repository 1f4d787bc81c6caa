package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** ask_followup_question, create_plan and attempt_completion: their schemas, validation and structured results. */
class ControlToolsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A host whose user answers every question with a fixed answer (or dismisses it), recording what was asked. */
    private static final class AnsweringHost implements Host {
        final List<String> asked = new ArrayList<>();
        final Optional<String> answer;

        AnsweringHost(Optional<String> answer) {
            this.answer = answer;
        }

        @Override
        public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
            throw new AssertionError("control tools change no file");
        }

        @Override
        public CompletableFuture<Boolean> confirm(String title, String detail) {
            throw new AssertionError("control tools confirm nothing");
        }

        @Override
        public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
            asked.add(question + " " + options);
            return CompletableFuture.completedFuture(answer);
        }

        @Override
        public void progress(String message) {}
    }

    private final ToolSet tools = new ToolSet(List.of(new AskFollowupQuestionTool(), new CreatePlanTool(),
            new AttemptCompletionTool()));

    private ToolResult call(Host host, String tool, String arguments) throws Exception {
        return tools.execute(tool, JSON.readTree(arguments), new ToolContext(host, Cancellation.none(), "c"))
                .get(10, TimeUnit.SECONDS);
    }

    @Test
    void askFollowupQuestionAsksTheUserThroughTheHost() throws Exception {
        AnsweringHost host = new AnsweringHost(Optional.of("Global"));
        ToolResult result = call(host, "ask_followup_question",
                "{\"question\":\"Per user or global?\",\"options\":[\"Per user\",\"Global\"]}");
        assertEquals("The user answered: Global", result.text());
        assertEquals(List.of("Per user or global? [Per user, Global]"), host.asked);
        ToolResult dismissed = call(new AnsweringHost(Optional.empty()), "ask_followup_question",
                "{\"question\":\"Anything?\"}");
        assertEquals("ask_followup_question: the user dismissed the question without answering", dismissed.text());
        assertEquals("ask_followup_question: 'options' is 6 items long; the limit is 5", call(host,
                "ask_followup_question", "{\"question\":\"q\",\"options\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\"]}").text());
    }

    @Test
    void createPlanReturnsTheGoalAndStepsAsAControlResult() throws Exception {
        ToolResult result = call(new AnsweringHost(Optional.empty()), "create_plan",
                "{\"goal\":\"Make the greeting configurable\",\"steps\":[\"Add a setting\",\"Read it\",\"Test\"]}");
        assertEquals("Plan: Make the greeting configurable\n1. Add a setting\n2. Read it\n3. Test", result.text());
        JsonNode data = ((ToolResult.Success) result).data();
        assertEquals("create_plan", data.get("control").asText());
        assertEquals(3, data.get("steps").size());
        ToolResult xml = call(new AnsweringHost(Optional.empty()), "create_plan", "{\"goal\":\"g\",\"steps\":\"1. first\\n2. second\"}");
        assertEquals("Plan: g\n1. first\n2. second", xml.text());
        assertEquals("create_plan: step 2 is empty; every step needs a sentence",
                call(new AnsweringHost(Optional.empty()), "create_plan", "{\"goal\":\"g\",\"steps\":[\"a\",\" \"]}").text());
        assertEquals("create_plan: 'steps' must not be empty", call(new AnsweringHost(Optional.empty()), "create_plan", "{\"goal\":\"g\",\"steps\":[]}").text());
        assertTrue(call(new AnsweringHost(Optional.empty()), "create_plan", "{\"steps\":[\"a\"]}").text()
                .startsWith("create_plan: missing required parameter 'goal'"));
    }

    @Test
    void attemptCompletionReturnsTheSummaryAsAControlResult() throws Exception {
        ToolResult result = call(new AnsweringHost(Optional.empty()), "attempt_completion", "{\"result\":\"Done: tests pass.\"}");
        assertEquals("Done: tests pass.", result.text());
        assertEquals("attempt_completion", ((ToolResult.Success) result).data().get("control").asText());
        assertEquals("attempt_completion: 'result' must be a string, got 42",
                call(new AnsweringHost(Optional.empty()), "attempt_completion", "{\"result\":42}").text());
    }

    @Test
    void everyToolHasAnXmlExampleKeptOutOfItsDescription() {
        for (Tool tool : tools.tools()) {
            assertTrue(tool.xmlExample().startsWith("<" + tool.name() + ">")
                    && tool.xmlExample().endsWith("</" + tool.name() + ">"), tool.name());
            assertFalse(tool.description().contains("<" + tool.name() + ">"), tool.name());
        }
    }
}
