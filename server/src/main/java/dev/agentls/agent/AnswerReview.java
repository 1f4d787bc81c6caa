package dev.agentls.agent;

import dev.agentls.config.ToolMode;
import dev.agentls.llm.FinishReason;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.TextToolCalls;
import dev.agentls.llm.ToolCall;
import dev.agentls.tools.ToolSet;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides what a model's answer is to the run: tool calls to run (native ones, or calls the model wrote as text,
 * recovered), the run's final text, or a mistake to tell the model about. A mistake is an answer whose calls were
 * left unfinished (a tag left open, a call cut by the output limit), an empty answer, or, outside ask mode, an answer
 * that announces its next step ("I'll now fix the division.") and stops without making it. Any other text answer is
 * the final answer, as it always was.
 */
final class AnswerReview {

    /** A leading word that makes a first-person plan an announcement of the very next step. */
    private static final Pattern ANNOUNCEMENT = Pattern.compile(
            "^(?:(now|next|then|first|ok(?:ay)?|alright|great|sure)[,!]?\\s+)*"
                    + "(let me|let's|let us|i'll|i will|i'm going to|i am going to)\\s+"
                    + "(now\\b|next\\b|go ahead|proceed|start|begin|continue)?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+|\\n+");

    /** What the answer is to the run. */
    sealed interface Verdict {
        /** Run these calls; {@code message} is the answer as the history keeps it (with recovered calls added). */
        record Run(ModelMessage.Assistant message, List<ToolCall> calls, List<TextToolCalls.Found> fromText,
                   List<String> unusable) implements Verdict {}

        /** The run's result. */
        record Final(String text) implements Verdict {}

        /** Tell the model {@code problem}; {@code kind} as {@code model_mistake} names it. */
        record Mistake(String kind, String problem) implements Verdict {}
    }

    private final TextToolCalls textCalls;
    private final ToolMode toolMode;

    AnswerReview(ToolSet tools, ToolMode toolMode) {
        this.textCalls = new TextToolCalls(java.util.Set.copyOf(tools.names()));
        this.toolMode = toolMode;
    }

    /**
     * @param answerNumber this answer's number in the run, for the ids of calls recovered from its text
     */
    Verdict review(ModelTurn.Result.Answered answer, RunMode mode, int answerNumber) {
        ModelMessage.Assistant message = answer.message();
        if (!message.toolCalls().isEmpty()) {
            ModelMessage.Assistant named = named(message);
            return new Verdict.Run(named, named.toolCalls(), List.of(), answer.unusable());
        }
        if (!answer.unusable().isEmpty()) {
            String kind = toolMode == ToolMode.XML && answer.reason() != FinishReason.LENGTH ? "unclosed_tag"
                    : "cut_by_length";
            return new Verdict.Mistake(kind, String.join("; ", answer.unusable()) + "."
                    + (kind.equals("cut_by_length") ? " Make smaller calls: write a large file in parts." : ""));
        }
        String text = message.text();
        List<TextToolCalls.Found> found = textCalls.find(text);
        if (!found.isEmpty()) {
            List<ModelMessage.Block> blocks = new ArrayList<>(message.blocks());
            List<ToolCall> calls = new ArrayList<>();
            for (int i = 0; i < found.size(); i++) {
                ToolCall call = new ToolCall("text_call_" + answerNumber + "_" + i, found.get(i).name(),
                        found.get(i).argumentsJson());
                calls.add(call);
                blocks.add(call);
            }
            return new Verdict.Run(new ModelMessage.Assistant(blocks), calls, found, List.of());
        }
        if (text.isBlank()) {
            return new Verdict.Mistake("empty_answer", "it was empty: no text and no tool call.");
        }
        if (mode != RunMode.ASK) {
            String last = lastSentence(text);
            if (announces(last)) {
                return new Verdict.Mistake("no_tool_call", "it says what you will do next (\"" + shorten(last)
                        + "\") but makes no tool call, so nothing was done. Make the call now.");
            }
        }
        return new Verdict.Final(text.strip());
    }

    /**
     * The answer with each call the model made without a name kept as {@link ToolSet#NAMELESS}, so the history it
     * joins stays one providers accept; the call still fails as nameless.
     */
    private static ModelMessage.Assistant named(ModelMessage.Assistant message) {
        if (message.toolCalls().stream().noneMatch(call -> call.name().isBlank())) {
            return message;
        }
        return new ModelMessage.Assistant(message.blocks().stream().map(block -> block instanceof ToolCall call
                && call.name().isBlank() ? new ToolCall(call.id(), ToolSet.NAMELESS, call.argumentsJson()) : block)
                .toList());
    }

    /** Whether the sentence announces the next step rather than reporting or answering. */
    static boolean announces(String sentence) {
        String s = sentence.strip();
        if (s.endsWith(":")) {
            return true;
        }
        Matcher m = ANNOUNCEMENT.matcher(s);
        if (!m.find()) {
            return false;
        }
        boolean letMe = m.group(2).toLowerCase(java.util.Locale.ROOT).startsWith("let");
        return letMe || m.group(1) != null || m.group(3) != null;
    }

    static String lastSentence(String text) {
        String[] sentences = SENTENCE_END.split(text.strip());
        for (int i = sentences.length - 1; i >= 0; i--) {
            if (!sentences[i].isBlank()) {
                return sentences[i].strip();
            }
        }
        return "";
    }

    private static String shorten(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
