package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.RequestHistory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRequestAndStreamTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GREETER = DirectRunTest.GREETER;

    @TempDir
    Path temp;

    @Test
    void theSelectionItsDiagnosticsAndFocusedFilesReachTheModelAfterThePrompt() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE).text("It joins them.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunRequest.Range range = new RunRequest.Range(13, 8, 13, 45);
            RunRequest request = RunRequest.of("Explain this line")
                    .withSelection(new RunRequest.Selection("file:///w/Greeter.java", range,
                            "return greeting + \", \" + name + \"!\";"),
                            List.of(new RunRequest.Diagnostic(range, "warning", "name may be null")))
                    .withFocusedFiles(List.of("src/main/java/demo/Main.java"));
            h.run(request);

            JsonNode messages = JSON.readTree(h.requestBodies().get(0)).path("messages");
            String user = messages.get(1).path("content").asText();
            assertEquals("Explain this line\n\n# Selection\nfile:///w/Greeter.java, 14:8-14:45:\n```\n"
                    + "return greeting + \", \" + name + \"!\";\n```\n\n# Diagnostics in the selection\n"
                    + "- 14:8-14:45 warning: name may be null\n\n# Files the user points at\n"
                    + "- src/main/java/demo/Main.java", user);
        }
    }

    @Test
    void badRequestsAreRefusedNamingTheirFactsBeforeAnythingRuns() throws Exception {
        assertEquals("a run needs a prompt", assertThrows(IllegalArgumentException.class,
                () -> RunRequest.of("  \n")).getMessage());
        String huge = "x".repeat(RunRequest.MAX_PROMPT_CHARS + 1);
        assertEquals("the prompt is 1000001 characters long; the limit is 1000000",
                assertThrows(IllegalArgumentException.class, () -> RunRequest.of(huge)).getMessage());
        assertEquals("a range must not end before it starts or be negative: 3:0-2:0",
                assertThrows(IllegalArgumentException.class, () -> new RunRequest.Range(3, 0, 2, 0)).getMessage());
        try (AgentHarness h = new AgentHarness(temp, new ModelScript(Provider.OPENAI, ToolMode.NATIVE))) {
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                    () -> h.start(RunRequest.of("hi").withConversation("nope")));
            assertEquals("no conversation with id 'nope'; known: []", unknown.getMessage());
            assertTrue(h.events.isEmpty());
            assertTrue(h.requestBodies().isEmpty());
        }
    }

    @Test
    void aSecondRunOnAConversationWithARunUnderWayIsRefused() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("ask_followup_question", "question", "Which?"));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.host.hangOnQuestions = true;
            RunHandle first = h.start(RunRequest.of("Ask me"));
            h.host.questionWaiting.get(10, java.util.concurrent.TimeUnit.SECONDS);
            IllegalStateException busy = assertThrows(IllegalStateException.class,
                    () -> h.agent.run(RunRequest.of("Again").withConversation(first.conversationId()), e -> { }));
            assertEquals("conversation 'conversation-1' has a run under way (run-1); cancel it or wait for its end",
                    busy.getMessage());
            first.cancel();
            first.outcome().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void aFailedRunsConversationResumesWithEverythingTheFirstRunDid() throws Exception {
        ModelScript script = new ModelScript(Provider.ANTHROPIC, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", GREETER, "start_line", 1, "end_line", 1))
                .error(400, "bad request")
                .text("Package demo.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome first = h.run(RunRequest.of("Which package?"));
            assertEquals(RunStatus.FAILED, first.status());
            h.events.clear();
            RunOutcome second = h.run(RunRequest.of("Try again").withConversation(first.conversationId()));

            assertEquals(RunStatus.COMPLETED, second.status());
            assertEquals(first.conversationId(), second.conversationId());
            String resumed = h.requestBodies().get(2);
            int question = resumed.indexOf("Which package?");
            int result = resumed.indexOf("package demo;");
            int again = resumed.indexOf("Try again");
            assertTrue(question > 0 && result > question && again > result, resumed);
            var conversation = h.agent.conversations().find(first.conversationId()).orElseThrow();
            assertEquals(List.of("failed", "completed"), conversation.runs().stream().map(r -> r.status()).toList());
            assertEquals("read_file", conversation.history().get(0).tool());
            assertEquals(1, conversation.history().size());
        }
    }

    @Test
    void aPruningHistoryShapesTheRequestAndEachPruningIsAContextPrunedEvent() throws Exception {
        // Issue 12's seam: a history that keeps the first user turn and the newest answer with its results.
        RequestHistory pruning = (conversation, exclude) -> {
            List<dev.agentls.llm.ModelMessage> all = RequestHistory.whole().next(conversation, exclude).messages();
            if (all.size() <= 3) {
                return new RequestHistory.Next(all, List.of());
            }
            List<dev.agentls.llm.ModelMessage> kept = new ArrayList<>(List.of(all.get(0)));
            kept.addAll(all.subList(all.size() - 2, all.size()));
            return new RequestHistory.Next(kept, List.of(new RequestHistory.Pruned((all.size() - 3)
                    + " older messages", 42)));
        };
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", GREETER))
                .calls("", call("list_dir", "relative_workspace_path", "src"))
                .text("Done.");
        try (AgentHarness h = new AgentHarness(temp, script, dev.agentls.config.AgentSettings.DEFAULTS,
                dev.agentls.config.PriceTable.EMPTY, pruning)) {
            h.run(RunRequest.of("Look"));

            AgentEvent.ContextPruned pruned = h.all(AgentEvent.ContextPruned.class).get(0);
            assertEquals("2 older messages", pruned.dropped());
            assertEquals(42, pruned.tokensSaved());
            assertTrue(h.requestBodies().get(1).contains("public class Greeter"), "not pruned yet");
            assertFalse(h.requestBodies().get(2).contains("public class Greeter"), "the old read was pruned");
            assertEquals(List.of("run_started", "token_usage", "tool_call", "tool_result",
                    "token_usage", "tool_call", "tool_result", "context_pruned", "text", "token_usage", "completion",
                    "run_finished"), h.types());
        }
    }

    @Test
    void theBlockingIteratorGivesTheSameEventsAndEndsAfterRunFinished() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.XML)
                .calls("Looking.", call("list_dir", "relative_workspace_path", "src"))
                .text("Two folders.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            List<String> types = new ArrayList<>();
            try (RunEvents events = h.agent.events(RunRequest.of("What is in src?"))) {
                while (events.hasNext()) {
                    AgentEvent event = events.next();
                    if (!(event instanceof AgentEvent.Text) || types.isEmpty() || !types.get(types.size() - 1)
                            .equals("text")) {
                        types.add(AgentEventJson.type(event));
                    }
                }
                assertEquals(RunStatus.COMPLETED, events.handle().outcome().join().status());
            }
            assertEquals(List.of("run_started", "text", "token_usage", "tool_call", "tool_result", "text",
                    "token_usage", "completion", "run_finished"), types);
        }
    }

    @Test
    void readOnlyCallsOfOneAnswerRunTogetherAndTheirResultsKeepTheCallOrder() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("read_file", "target_file", GREETER),
                        call("grep_search", "query", "greetAll"),
                        call("read_file", "target_file", "src/main/java/demo/Main.java"))
                .text("Read.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.run(RunRequest.of("Read things"));

            assertEquals(List.of("run_started", "token_usage", "tool_call", "tool_call", "tool_call", "tool_result",
                    "tool_result", "tool_result", "text", "token_usage", "completion", "run_finished"), h.types());
            List<String> order = h.all(AgentEvent.ToolResult.class).stream().map(AgentEvent.ToolResult::name)
                    .toList();
            assertEquals(List.of("read_file", "grep_search", "read_file"), order);
            JsonNode messages = JSON.readTree(h.requestBodies().get(1)).path("messages");
            List<String> ids = new ArrayList<>();
            messages.forEach(m -> {
                if (m.path("role").asText().equals("tool")) {
                    ids.add(m.path("tool_call_id").asText());
                }
            });
            assertEquals(List.of("call_1", "call_2", "call_3"), ids);
        }
    }

    @Test
    void everyEventHasOneJsonFormWithItsTypeAndFields() {
        String run = "run-1";
        assertEquals("{\"runId\":\"run-1\",\"seq\":0,\"type\":\"run_started\",\"mode\":\"plan\","
                + "\"conversationId\":\"c\"}", AgentEventJson.line(new AgentEvent.RunStarted(run, 0, RunMode.PLAN,
                "c")));
        assertEquals("{\"runId\":\"run-1\",\"seq\":3,\"type\":\"step_started\",\"step\":2,\"total\":5,"
                + "\"title\":\"Test\",\"progress\":\"step 2 of 5\"}",
                AgentEventJson.line(new AgentEvent.StepStarted(run, 3, 2, 5, "Test")));
        assertEquals("{\"runId\":\"run-1\",\"seq\":4,\"type\":\"token_usage\",\"inputTokens\":10,"
                + "\"outputTokens\":2,\"cachedTokens\":0,\"cost\":\"0.0001\",\"budgetUsed\":0.5}",
                AgentEventJson.line(new AgentEvent.TokenUsage(run, 4, 10, 2, 0,
                        java.util.Optional.of(new java.math.BigDecimal("0.0001")), java.util.OptionalDouble.of(0.5))));
        assertEquals("{\"runId\":\"run-1\",\"seq\":5,\"type\":\"run_finished\",\"status\":\"max_iterations\","
                + "\"text\":\"stopped\"}", AgentEventJson.line(new AgentEvent.RunFinished(run, 5,
                RunStatus.MAX_ITERATIONS, "stopped")));
        assertFalse(AgentEventJson.line(new AgentEvent.Text(run, 1, "a\nb")).contains("\n"), "one line");
        List<AgentEvent> one = List.of(new AgentEvent.RunStarted(run, 0, RunMode.DIRECT, "c"),
                new AgentEvent.Text(run, 1, "t"), new AgentEvent.Thinking(run, 2, "t"),
                ToolCalls.event(run, 3, "c1", "read_file", "{}", ""),
                new AgentEvent.ToolResult(run, 4, "c1", "read_file", true, "x", false),
                new AgentEvent.EditApplied(run, 5, "c1", "f", 1, 1, "cp"),
                new AgentEvent.PlanCreated(run, 6, "g", List.of("s")),
                new AgentEvent.StepStarted(run, 7, 1, 1, "s"), new AgentEvent.StepCompleted(run, 8, 1, 1, "s"),
                new AgentEvent.ApprovalRequested(run, 9, "t", "d"),
                new AgentEvent.QuestionAsked(run, 10, "q", List.of()),
                new AgentEvent.TokenUsage(run, 11, 1, 1, 0, java.util.Optional.empty(),
                        java.util.OptionalDouble.empty()),
                new AgentEvent.ContextPruned(run, 12, "old results", 10), new AgentEvent.Retry(run, 13, 2, 0, "r"),
                new AgentEvent.LoopDetected(run, 14, "w", 3, false), new AgentEvent.Warning(run, 15, "w"),
                new AgentEvent.Error(run, 16, "e"), new AgentEvent.Completion(run, 17, "r"),
                new AgentEvent.RunFinished(run, 18, RunStatus.COMPLETED, "r"));
        assertEquals(List.of("run_started", "text", "thinking", "tool_call", "tool_result", "edit_applied",
                "plan_created", "step_started", "step_completed", "approval_requested", "question_asked",
                "token_usage", "context_pruned", "retry", "loop_detected", "warning", "error", "completion",
                "run_finished"), one.stream().map(e -> AgentEventJson.toJson(e).path("type").asText()).toList());
    }
}
