package dev.agentls.agent;

import dev.agentls.config.ToolMode;
import dev.agentls.tools.ToolSet;

/**
 * What the model reads after a mistake: what was wrong, then how a correct call looks in the run's tool mode (a
 * native function call, or the XML tags), and how to finish. One short user message, the same shape every time.
 */
final class MistakeNotes {

    private final ToolMode toolMode;
    private final boolean canComplete;

    MistakeNotes(ToolMode toolMode, ToolSet tools) {
        this.toolMode = toolMode;
        this.canComplete = tools.find(AttemptCompletion.NAME).isPresent();
    }

    /** The note for a mistake described by {@code problem}. */
    String note(String problem) {
        return "Your last answer could not be used: " + problem + "\n\n" + howToCall();
    }

    /** How a correct call looks in this run's tool mode. */
    String howToCall() {
        if (toolMode == ToolMode.XML) {
            return "Make each tool call as the tool's tag holding one tag per parameter, closed with the tool's"
                    + " closing tag, for example:\n<read_file>\n<target_file>src/App.java</target_file>\n</read_file>\n"
                    + "To mention a tool in prose, write its name without angle brackets."
                    + (canComplete ? " When the task is done, say so with:\n<attempt_completion>\n<result>What was"
                    + " done.</result>\n</attempt_completion>" : "");
        }
        return "Make each tool call through the tool-calling interface (a function call whose arguments are a JSON"
                + " object), not as text in your answer: for example call read_file with the arguments"
                + " {\"target_file\": \"src/App.java\"}."
                + (canComplete ? " When the task is done, call attempt_completion with {\"result\": \"What was"
                + " done.\"}." : "");
    }
}
