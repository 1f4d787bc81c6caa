package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which final sentences announce a next step the model did not take, and which are answers. */
class AnswerReviewTest {

    /** GPT-4.1 and GPT-5.x end their turn after a preamble (microsoft/vscode-copilot-release#8105, openai/codex#7923). */
    @Test
    void anAnnouncedNextStepIsNotAnAnswer() {
        // https://github.com/microsoft/vscode-copilot-release/issues/8105, https://github.com/openai/codex/pull/7923
        assertTrue(AnswerReview.announces("I'll now fix the division."));
        assertTrue(AnswerReview.announces("Let me read the file."));
        assertTrue(AnswerReview.announces("Next, I'll update the tests."));
        assertTrue(AnswerReview.announces("Now I will run the build."));
        assertTrue(AnswerReview.announces("Here is the change:"));
    }

    @Test
    void aReportOrAnAnswerIsAnAnswer() {
        assertFalse(AnswerReview.announces("I will keep Hello."));
        assertFalse(AnswerReview.announces("I will wait for a new plan."));
        assertFalse(AnswerReview.announces("Greeter greets people by name."));
        assertFalse(AnswerReview.announces("Wrote them."));
    }

    @Test
    void theLastSentenceIsTheOneThatCounts() {
        assertEquals("I'll now fix the division.", AnswerReview.lastSentence("The bug is in divide(). I'll now fix"
                + " the division."));
        assertEquals("Done.", AnswerReview.lastSentence("Let me explain.\nDone."));
    }
}
