package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Approvals of a run's commands, through each client as it really answers: buttons where the client declares them,
 * else (and when the client fails to show them) a message pointing at {@code agentls.approve} / {@code agentls.deny},
 * with the run waiting for the user, never denied for them.
 */
@Tag("slow")
class RunApprovalsTest {

    @TempDir
    Path temp;

    private static ReplayAnswers twoEchoes() {
        return new ReplayAnswers()
                .call("execute_command", "command", "echo one", "requires_approval", true)
                .call("execute_command", "command", "echo one", "requires_approval", true)
                .complete("Echoed.");
    }

    /** The ok and text of each tool_result event. */
    private static List<String> toolResults(RunFixture lsp) {
        return lsp.editor.events.stream().filter(e -> e.get("type").getAsString().equals("tool_result"))
                .map(e -> e.get("ok").getAsBoolean() + ": " + e.get("text").getAsString()).toList();
    }

    @Test
    void neovimShowsTheFourButtonsAndAllowForThisRunIsNotAskedAgain() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false), twoEchoes())) {
            lsp.editor.pickButtons(params -> EditorAsking.ALLOW_RUN);
            lsp.answer("agentls.run", Map.of("prompt", "echo twice"));

            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertEquals(1, lsp.editor.requests.size(), "asked once for the run");
            ShowMessageRequestParams asked = lsp.editor.requests.get(0);
            assertEquals(List.of("Allow once", "Allow for this run", "Always allow \"echo one\"", "Deny"),
                    asked.getActions().stream().map(MessageActionItem::getTitle).toList());
            assertTrue(asked.getMessage().startsWith("AgentLS #1: Run this command?\necho one"), asked.getMessage());
            assertEquals(MessageType.Warning, asked.getType());
            List<String> results = toolResults(lsp);
            assertTrue(results.get(0).startsWith("true") && results.get(0).contains("one"), results.toString());
            assertTrue(results.get(1).startsWith("true"), results.toString());
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 waits for you: Run this command? echo one"));
        }
    }

    @Test
    void helixIsSentNoButtonsAndTheRunWaitsForAgentlsApprove() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("execute_command", "command", "echo one", "requires_approval", true).complete("Echoed.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(true, false), answers)) {
            lsp.answer("agentls.run", Map.of("prompt", "echo"));
            String told = lsp.editor.awaitShown(text -> text.contains("waits for your approval")).getMessage();
            assertEquals("AgentLS #1 waits for your approval to run `echo one`: run the command agentls.approve or"
                    + " agentls.deny with {\"runId\": \"1\"}", told);
            assertEquals(List.of(), lsp.editor.requests, "Helix answers showMessageRequest with MethodNotFound");

            JsonObject approved = lsp.answer("agentls.approve", Map.of("runId", "1"));
            assertTrue(approved.get("answered").getAsBoolean());
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertTrue(toolResults(lsp).get(0).startsWith("true"), toolResults(lsp).toString());
        }
    }

    @Test
    void aClientAnsweringMethodNotFoundFallsBackAndTheRunIsNotDenied() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("execute_command", "command", "echo one", "requires_approval", true).complete("Declined.");
        RealClient client = RealClient.helix().declaringButtonsItCannotShow().declaring(true, false);
        try (RunFixture lsp = new RunFixture(temp, client, answers)) {
            lsp.answer("agentls.run", Map.of("prompt", "echo"));
            lsp.editor.awaitShown(text -> text.contains("waits for your approval to run `echo one`"));
            assertEquals(1, lsp.editor.requests.size());
            assertTrue(toolResults(lsp).isEmpty(), "the run still waits: " + toolResults(lsp));
            assertEquals(1, lsp.model.requests().size(), "the model was not called again");

            lsp.answer("agentls.deny", Map.of("runId", "1"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            String declined = toolResults(lsp).get(0);
            assertTrue(declined.startsWith("false") && declined.contains("the user declined to run `echo one`"),
                    declined);
        }
    }

    @Test
    void alwaysAllowIsKeptInSettingsJsonAndANewRunIsNotAsked() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("execute_command", "command", "echo one", "requires_approval", true).complete("First.")
                .call("execute_command", "command", "echo one", "requires_approval", true).complete("Second.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), answers)) {
            lsp.editor.pickButtons(params -> EditorAsking.alwaysTitle("echo one"));
            lsp.answer("agentls.run", Map.of("prompt", "echo"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            String settings = Files.readString(lsp.root.resolve(".agentls/settings.json"));
            assertEquals("{\"alwaysAllow\":[\"echo one\"]}\n", settings);
            lsp.editor.awaitShown(text -> text.contains("Always allowed `echo one` (kept in .agentls/settings.json)"));

            lsp.answer("agentls.run", Map.of("prompt", "echo again"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #2 finished (completed)"));
            assertEquals(1, lsp.editor.requests.size(), "the second run was not asked");
            lsp.editor.awaitShown(text -> text.contains("AgentLS #2: Allowed `echo one`: always allowed in"));
        }
    }

    @Test
    void aleIsAskedNothingAndApprovesThroughTheCommandWhileTheRunWaits() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("execute_command", "command", "echo one", "requires_approval", true).complete("Echoed.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.ale(), answers)) {
            lsp.answer("agentls.run", Map.of("prompt", "echo"));
            lsp.editor.awaitShown(text -> text.contains("waits for your approval to run `echo one`"));
            assertFalse(lsp.editor.shown.stream().anyMatch(m -> m.getMessage().contains("finished")));

            assertEquals("agentls.answer: run '1' waits for an approval (agentls.approve or agentls.deny): echo one",
                    AgentRunCommandsTest.refused(lsp, "agentls.answer", Map.of("runId", "1", "answer", "yes"))
                            .getMessage());
            lsp.answer("agentls.approve", Map.of("runId", "1", "scope", "once"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertEquals(List.of(), lsp.editor.requests);
            assertEquals(List.of(), lsp.editor.events, "ALE declares no events");
        }
    }

    @Test
    void aStoredAlwaysAllowCoversOnlyCommandsTheSafetyCheckDidNotFlag() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("execute_command", "command", "echo one", "requires_approval", true)
                .call("execute_command", "command", "rm -rf build", "requires_approval", false)
                .complete("Done.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(true, false), answers, () -> {
            Path settings = temp.resolve("demo/.agentls/settings.json");
            Files.createDirectories(settings.getParent());
            Files.writeString(settings, "{\"alwaysAllow\": [\"echo one\", \"rm -rf build\"]}");
        })) {
            lsp.answer("agentls.run", Map.of("prompt", "clean"));
            String told = lsp.editor.awaitShown(text -> text.contains("waits for your approval")).getMessage();
            assertTrue(told.contains("`rm -rf build`"), "the flagged command is asked, the other was not: " + told);
            assertTrue(toolResults(lsp).get(0).startsWith("true"), toolResults(lsp).toString());
            lsp.answer("agentls.deny", Map.of("runId", "1"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertTrue(toolResults(lsp).get(1).contains("the user declined to run `rm -rf build`"),
                    toolResults(lsp).toString());
            assertTrue(Files.exists(lsp.root), "nothing was removed");
        }
    }
}
