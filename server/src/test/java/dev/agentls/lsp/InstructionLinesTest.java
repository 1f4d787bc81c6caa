package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class InstructionLinesTest {

    @Test
    void findsInstructionsInAnyCommentSyntaxAndOutsideComments() {
        String text = String.join("\n",
                "// @agent make the greeting configurable",
                "x = 1  # @agent rename x to count",
                "<!-- @agent add a title -->",
                "/* @agent explain this */",
                "@agent   plain text line  ",
                "");
        assertEquals(List.of(
                new InstructionLines.Instruction(0, 3, 40, "make the greeting configurable"),
                new InstructionLines.Instruction(1, 9, 33, "rename x to count"),
                new InstructionLines.Instruction(2, 5, 27, "add a title"),
                new InstructionLines.Instruction(3, 3, 25, "explain this"),
                new InstructionLines.Instruction(4, 0, 26, "plain text line")), InstructionLines.find(text));
    }

    @Test
    void skipsDoneMarkersOtherWordsEmptyInstructionsAndOverlongLines() {
        String text = String.join("\r\n",
                "// @agent-done #3 Names are stripped.",
                "// @agentls is the server",
                "// email@agent.example",
                "// @agent   ",
                "// @agent */",
                "// @agent " + "x".repeat(InstructionLines.MAX_LINE_CHARS),
                "// @agent fix it\r");
        assertEquals(List.of(new InstructionLines.Instruction(6, 3, 16, "fix it")), InstructionLines.find(text));
    }

    @Test
    void findsAtMostTheLimitPerDocument() {
        String text = "// @agent do it\n".repeat(InstructionLines.MAX_PER_DOCUMENT + 20);
        assertEquals(InstructionLines.MAX_PER_DOCUMENT, InstructionLines.find(text).size());
    }
}
