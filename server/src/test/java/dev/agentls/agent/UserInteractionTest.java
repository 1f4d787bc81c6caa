package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@Tag("slow")
class UserInteractionTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void anAnsweredQuestionGoesBackToTheModel(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("ask_followup_question", "question", "Which greeting?",
                        "options", List.of("Hello", "Hi")))
                .text("You chose Hi.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.host.answers.add(Optional.of("Hi"));
            RunOutcome outcome = h.run(RunRequest.of("Change the greeting"));

            assertEquals(List.of("run_started", "token_usage", "tool_call", "question_asked", "tool_result",
                    "text", "token_usage", "completion", "run_finished"), h.types());
            AgentEvent.QuestionAsked asked = h.all(AgentEvent.QuestionAsked.class).get(0);
            assertEquals("Which greeting?", asked.question());
            assertEquals(List.of("Hello", "Hi"), asked.options());
            assertEquals("The user answered: Hi", h.all(AgentEvent.ToolResult.class).get(0).text());
            assertTrue(h.requestBodies().get(1).contains("The user answered: Hi"));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aDismissedQuestionIsAnAnswerToo(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("ask_followup_question", "question", "Which greeting?"))
                .text("I will keep Hello.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Change the greeting"));

            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertTrue(result.ok());
            assertEquals("The user did not answer.", result.text());
            assertTrue(h.requestBodies().get(1).contains("The user did not answer."));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void anApprovedCommandRunsAndADeniedOneDoesNot(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("execute_command", "command", "echo approved > approved.txt",
                        "requires_approval", true))
                .calls("", call("execute_command", "command", "echo denied > denied.txt",
                        "requires_approval", true))
                .calls("", call("attempt_completion", "result", "One ran."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.host.approvals.add(true);
            h.host.approvals.add(false);
            RunOutcome outcome = h.run(RunRequest.of("Write two files"));

            assertEquals(List.of("run_started", "token_usage", "tool_call", "approval_requested", "tool_result",
                    "token_usage", "tool_call", "approval_requested", "tool_result",
                    "token_usage", "tool_call", "tool_result", "completion", "run_finished"), h.types());
            List<AgentEvent.ApprovalRequested> approvals = h.all(AgentEvent.ApprovalRequested.class);
            assertEquals("Run this command?", approvals.get(0).title());
            assertTrue(approvals.get(0).detail().startsWith("echo approved > approved.txt"));
            List<AgentEvent.ToolResult> results = h.all(AgentEvent.ToolResult.class);
            assertTrue(results.get(0).ok(), results.get(0).text());
            assertFalse(results.get(1).ok());
            assertTrue(results.get(1).text().startsWith("execute_command: the user declined to run `echo denied"),
                    results.get(1).text());
            assertEquals("approved\n", Files.readString(h.root.resolve("approved.txt")));
            assertFalse(Files.exists(h.root.resolve("denied.txt")));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }
}
