package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's questions: {@code agentls/ask} where declared, else a message and {@code agentls.answer}. */
@Tag("slow")
class RunQuestionsTest {

    @TempDir
    Path temp;

    private static ReplayAnswers askThenComplete() {
        return new ReplayAnswers().call("ask_followup_question", "question", "Which greeting?")
                .complete("Asked.");
    }

    private static String questionResult(RunFixture lsp) {
        return lsp.model.requests().get(1).body();
    }

    @Test
    void aClientDeclaringAgentlsAskIsAskedAndItsAnswerReachesTheModel() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix().declaring(false, true), askThenComplete())) {
            lsp.editor.answerQuestions(question -> "Hello there");
            lsp.answer("agentls.run", Map.of("prompt", "ask me"));

            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            JsonObject asked = lsp.editor.asked.get(0);
            assertEquals("1", asked.get("runId").getAsString());
            assertEquals("Which greeting?", asked.get("question").getAsString());
            assertTrue(questionResult(lsp).contains("Hello there"), questionResult(lsp));
            assertEquals(List.of(), lsp.editor.requests);
        }
    }

    @Test
    void eglotIsToldToAnswerWithTheCommandAndTheRunWaitsForIt() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.eglot19(), askThenComplete())) {
            lsp.answer("agentls.run", Map.of("prompt", "ask me"));
            String told = lsp.editor.awaitShown(text -> text.contains("asks: Which greeting?")).getMessage();
            assertEquals("AgentLS #1 asks: Which greeting? - answer with the command agentls.answer {\"runId\": \"1\","
                    + " \"answer\": ...}", told);
            assertEquals(1, lsp.model.requests().size(), "the run waits");

            assertEquals("agentls.approve: run '1' waits for an answer to its question (agentls.answer): Which"
                    + " greeting?", AgentRunCommandsTest.refused(lsp, "agentls.approve", Map.of("runId", "1"))
                    .getMessage());
            lsp.answer("agentls.answer", Map.of("runId", "1", "answer", "Howdy"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertTrue(questionResult(lsp).contains("Howdy"), questionResult(lsp));
        }
    }

    @Test
    void neovimGetsTheOptionsAsButtonsAndThePickedOneIsTheAnswer() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().call("ask_followup_question", "question", "Which greeting?",
                "options", List.of("Hi", "Hello")).complete("Asked.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), answers)) {
            lsp.editor.pickButtons(params -> "Hello");
            lsp.answer("agentls.run", Map.of("prompt", "ask me"));

            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertEquals("AgentLS #1 asks: Which greeting?", lsp.editor.requests.get(0).getMessage());
            assertEquals(List.of("Hi", "Hello"), lsp.editor.requests.get(0).getActions().stream()
                    .map(org.eclipse.lsp4j.MessageActionItem::getTitle).toList());
            assertTrue(questionResult(lsp).contains("Hello"), questionResult(lsp));
        }
    }

    @Test
    void neovimIsToldByMessageOfAQuestionWithoutOptions() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07(), askThenComplete())) {
            lsp.answer("agentls.run", Map.of("prompt", "ask me"));
            lsp.editor.awaitShown(text -> text.contains("asks: Which greeting?"));
            lsp.answer("agentls.answer", Map.of("runId", "1", "answer", "Hi"));
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished (completed)"));
            assertEquals(List.of(), lsp.editor.requests);
            assertTrue(questionResult(lsp).contains("Hi"), questionResult(lsp));
        }
    }
}
