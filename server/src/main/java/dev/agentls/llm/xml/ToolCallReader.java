package dev.agentls.llm.xml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Reads the inside of one tool call, from after {@code <tool>} to {@code </tool>}: parameters, their raw values, and
 * the call's end. Owns the rule for a value that contains its own closing tag: {@code </content>} only ends the
 * value when what follows (after whitespace) is another accepted parameter tag or {@code </tool>}; anything else
 * means the closing tag was part of the content (an XML file, a test of this very format), and the value goes on.
 * Cutting the value at the first {@code </content>} would instead write a truncated file and say nothing.
 */
final class ToolCallReader {

    private enum Mode { BODY, VALUE, AFTER_VALUE }

    /** What reading one character of a tag candidate gave. */
    private enum Step { MORE, CLOSE_TOOL, OPEN_PARAMETER, NOT_A_TAG }

    static final int MAX_PARAMETER_NAME = 64;

    private final int callIndex;
    private final String tool;
    private final String toolClosingTag;
    private final Predicate<String> acceptsParameter;
    private final int maxChars;
    private final Consumer<XmlStreamEvent> sink;

    private Mode mode = Mode.BODY;
    private final StringBuilder candidate = new StringBuilder();
    private final Map<String, String> parameters = new LinkedHashMap<>();
    private final TextRun run = new TextRun();
    private final StringBuilder afterClose = new StringBuilder();
    private int chars;
    private boolean tooLarge;
    private boolean done;
    private String parameter;
    private ParameterValue value;
    private ClosingTag closing;

    ToolCallReader(int callIndex, String tool, Predicate<String> acceptsParameter, int maxChars,
            Consumer<XmlStreamEvent> sink) {
        this.callIndex = callIndex;
        this.tool = tool;
        this.toolClosingTag = "</" + tool + ">";
        this.acceptsParameter = name -> !name.equals(tool) && acceptsParameter.test(name);
        this.maxChars = maxChars;
        this.sink = sink;
    }

    /**
     * Reads {@code chunk[from, to)}. Returns the index just after {@code </tool>} once the call is complete (its
     * events emitted), else -1: everything was consumed.
     */
    int scan(String chunk, int from, int to) {
        int i = from;
        while (i < to) {
            int next = switch (mode) {
                case BODY -> body(chunk, i, to);
                case VALUE -> value(chunk, i, to);
                case AFTER_VALUE -> afterValue(chunk, i);
            };
            i = next;
            if (done) {
                return i;
            }
        }
        return -1;
    }

    /** The chunk ended: hands out the part of the current value that is certain. */
    void endOfChunk() {
        if (mode == Mode.VALUE && !tooLarge) {
            emitDelta(value.takeDelta());
        }
    }

    /** The stream ended inside this call: what was received, for the error. */
    String unclosed() {
        if (mode == Mode.AFTER_VALUE) {
            commitParameter();
        }
        List<String> received = new ArrayList<>();
        parameters.forEach((k, v) -> received.add(k + " (" + v.length() + " characters)"));
        if (mode == Mode.VALUE) {
            received.add(parameter + " (unclosed, " + (value.length() + closing.held().length()) + " characters)");
        }
        return "the stream ended inside tool call " + tool + " (call " + callIndex + "): no " + toolClosingTag
                + "; received " + (received.isEmpty() ? "no parameters" : "parameters " + String.join(", ", received));
    }

    private int body(String chunk, int i, int to) {
        if (candidate.length() == 0) {
            int lt = chunk.indexOf('<', i);
            if (lt < 0 || lt >= to) {
                return to;
            }
            candidate.append('<');
            return lt + 1;
        }
        return switch (step(chunk.charAt(i))) {
            case MORE -> i + 1;
            case CLOSE_TOOL -> complete(i + 1);
            case OPEN_PARAMETER -> {
                openParameter();
                yield i + 1;
            }
            case NOT_A_TAG -> {
                // Stray text between parameters is ignored; the character is read again (it may start a tag).
                candidate.setLength(0);
                yield i;
            }
        };
    }

    private int value(String chunk, int i, int to) {
        int end = closing.scan(chunk, i, to, run);
        append(run.take());
        if (end < 0) {
            return to;
        }
        mode = Mode.AFTER_VALUE;
        afterClose.setLength(0);
        return end;
    }

    private int afterValue(String chunk, int i) {
        char c = chunk.charAt(i);
        if (candidate.length() == 0) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                if (!tooLarge) {
                    afterClose.append(c);
                    checkSize();
                }
                return i + 1;
            }
            if (c == '<') {
                candidate.append(c);
                return i + 1;
            }
            reopen();
            return i;
        }
        return switch (step(c)) {
            case MORE -> i + 1;
            case CLOSE_TOOL -> {
                commitParameter();
                yield complete(i + 1);
            }
            case OPEN_PARAMETER -> {
                commitParameter();
                openParameter();
                yield i + 1;
            }
            case NOT_A_TAG -> {
                reopen();
                yield i;
            }
        };
    }

    /** Reads one character of the tag candidate in {@link #candidate} (which starts with '<'). */
    private Step step(char c) {
        int len = candidate.length();
        if (len == 1 && c == '/') {
            candidate.append(c);
            return Step.MORE;
        }
        if (len > 1 && candidate.charAt(1) == '/') {
            if (c != toolClosingTag.charAt(len)) {
                return Step.NOT_A_TAG;
            }
            candidate.append(c);
            return candidate.length() == toolClosingTag.length() ? Step.CLOSE_TOOL : Step.MORE;
        }
        if (c == '>' && len > 1) {
            return acceptsParameter.test(candidate.substring(1)) ? Step.OPEN_PARAMETER : Step.NOT_A_TAG;
        }
        if (len <= MAX_PARAMETER_NAME && XmlToolStreamParser.isNameChar(c, len == 1)) {
            candidate.append(c);
            return Step.MORE;
        }
        return Step.NOT_A_TAG;
    }

    private void openParameter() {
        parameter = candidate.substring(1);
        candidate.setLength(0);
        value = new ParameterValue();
        closing = new ClosingTag(parameter);
        chars += parameter.length();
        checkSize();
        mode = Mode.VALUE;
    }

    /** The closing tag and what followed it were content after all: they go back into the value. */
    private void reopen() {
        String held = afterClose.toString();
        afterClose.setLength(0);
        append(closing.tag());
        append(held);
        append(candidate.toString());
        candidate.setLength(0);
        mode = Mode.VALUE;
    }

    private void commitParameter() {
        if (!tooLarge) {
            emitDelta(value.takeRest());
            parameters.put(parameter, value.value());
        }
        parameter = null;
        value = null;
    }

    private int complete(int next) {
        candidate.setLength(0);
        if (tooLarge) {
            sink.accept(new XmlStreamEvent.StreamError("tool call " + tool + " (call " + callIndex
                    + ") is larger than " + maxChars + " characters; it was dropped"));
        } else {
            sink.accept(new XmlStreamEvent.ToolCallCompleted(callIndex, tool, parameters));
        }
        done = true;
        return next;
    }

    private void append(String piece) {
        if (piece.isEmpty()) {
            return;
        }
        chars += piece.length();
        if (!tooLarge) {
            value.append(piece);
        }
        checkSize();
    }

    private void checkSize() {
        if (!tooLarge && chars + afterClose.length() > maxChars) {
            // Stop holding the call; it is reported as dropped when it closes.
            tooLarge = true;
            parameters.clear();
            if (value != null) {
                value.discard();
            }
        }
    }

    private void emitDelta(String delta) {
        if (!delta.isEmpty()) {
            sink.accept(new XmlStreamEvent.ToolParameterDelta(callIndex, tool, parameter, delta));
        }
    }
}
