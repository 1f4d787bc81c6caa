package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What removing a finished {@code @agent} line leaves ({@code editor.doneInstruction: remove}). */
class InstructionDoneRemovalTest {

    private static String removed(String text) {
        return InstructionDone.removed(text, InstructionLines.find(text).get(0));
    }

    @Test
    void removesTheWholeLineWhenOnlyACommentOpenerStandsBeforeTheInstruction() {
        assertEquals("a\nb\n", removed("a\n    // @agent do it\nb\n"));
        assertEquals("a\nb\n", removed("a\n# @agent do it\nb\n"));
        assertEquals("a\nb\n", removed("a\n<!-- @agent do it -->\nb\n"));
        assertEquals("a\n", removed("a\n@agent do it"));
    }

    @Test
    void keepsCodeBeforeTheInstructionOnItsLine() {
        assertEquals("a\nfoo();\nb\n", removed("a\nfoo(); // @agent do it\nb\n"));
    }
}
