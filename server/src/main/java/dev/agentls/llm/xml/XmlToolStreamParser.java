package dev.agentls.llm.xml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Splits a model's streamed text in XML tool mode into text, thinking and tool calls, for models without native
 * tool calls. The format (the seed's AutoCoder/Cline style):
 * <pre>
 * Some text. &lt;thinking&gt;reasoning&lt;/thinking&gt;
 * &lt;write_to_file&gt;
 * &lt;path&gt;src/A.java&lt;/path&gt;
 * &lt;content&gt;
 * class A { boolean lt(int a, int b) { return a &lt; b; } }
 * &lt;/content&gt;
 * &lt;/write_to_file&gt;
 * </pre>
 * Rules this class owns:
 * <ul>
 * <li>At the top level only {@code <name>} of a known tool (given at construction) or {@code <thinking>} /
 * {@code <think>} opens anything; every other tag, closing tag or stray {@code <} stays text, verbatim.</li>
 * <li>Thinking is raw text up to its own closing tag; tool tags inside it are part of the thinking.</li>
 * <li>Inside a tool tag, {@code <param>} (a name of letters, digits, '_' or '-', at most 64 characters) opens a
 * parameter (except the tool's own name) and {@code </tool>} closes the call; anything else between parameters
 * (whitespace, stray text, a repeated {@code <tool>}) is ignored.</li>
 * <li>A parameter value is raw text up to the first {@code </param>} of its own name: it may hold {@code <},
 * {@code >}, {@code </other>}, {@code <param>}-like text and the tool's own closing tag. One leading and one trailing
 * line break are removed (see {@link ParameterValue}). A parameter given twice keeps its last value.</li>
 * <li>A tool tag still open when the stream ends is a {@link XmlStreamEvent.StreamError} naming the tool and what was
 * received; an open thinking block simply ends. A call whose names and values pass {@code maxToolCallChars} is
 * dropped with an error rather than held in memory without bound.</li>
 * </ul>
 * Streaming: every {@link #feed} emits all text it can be sure of and holds back only a possible tag start (at most
 * the longest tag), so a tag split across chunks is never lost or misread, and the merged events are the same for
 * every way of chunking the same text. Each character is examined a bounded number of times: linear time.
 * Not thread-safe: one parser per answer, fed from one thread.
 */
public final class XmlToolStreamParser {

    /** Default bound on one tool call's parameter names and values, in characters. */
    public static final int DEFAULT_MAX_TOOL_CALL_CHARS = 8 * 1024 * 1024;
    static final Set<String> THINKING_TAGS = Set.of("thinking", "think");
    private static final int MAX_PARAMETER_NAME = 64;

    private enum Mode { TEXT, THINKING, TOOL_BODY, PARAMETER, FINISHED }

    private final Set<String> toolNames;
    private final Consumer<XmlStreamEvent> sink;
    private final int maxToolCallChars;
    private final TagTrie topLevelTags;

    private Mode mode = Mode.TEXT;
    private final TextRun out = new TextRun();
    /** A possible tag being read at the top level or in a tool body, starting with '<'. */
    private final StringBuilder candidate = new StringBuilder();
    private TagTrie.Node candidateNode;
    /** Where the candidate began in the current chunk; -1 when it began in an earlier one. */
    private int candidateFrom = -1;
    private ClosingTag closing;

    private int callCount;
    private String tool;
    private String toolClosingTag;
    private Map<String, String> parameters;
    private int callChars;
    private boolean callTooLarge;
    private String parameter;
    private ParameterValue value;

    /**
     * @param toolNames tool names to recognise as tags (letters, digits, '_' or '-'); must not be a thinking tag
     * @param sink      receives the events, in order, on the thread that calls {@link #feed} and {@link #finish}
     */
    public XmlToolStreamParser(Set<String> toolNames, Consumer<XmlStreamEvent> sink) {
        this(toolNames, sink, DEFAULT_MAX_TOOL_CALL_CHARS);
    }

    public XmlToolStreamParser(Set<String> toolNames, Consumer<XmlStreamEvent> sink, int maxToolCallChars) {
        this.toolNames = Set.copyOf(toolNames);
        this.sink = Objects.requireNonNull(sink, "sink");
        if (maxToolCallChars < 1) {
            throw new IllegalArgumentException("maxToolCallChars must be positive, got " + maxToolCallChars);
        }
        this.maxToolCallChars = maxToolCallChars;
        for (String name : this.toolNames) {
            if (!isTagName(name) || THINKING_TAGS.contains(name)) {
                throw new IllegalArgumentException("not a usable tool tag name: \"" + name + "\"");
            }
        }
        Set<String> names = new TreeSet<>(this.toolNames);
        names.addAll(THINKING_TAGS);
        this.topLevelTags = new TagTrie(names);
    }

    /** Reads the next piece of the stream, of any length (including empty), and emits what it makes certain. */
    public void feed(String chunk) {
        if (mode == Mode.FINISHED) {
            throw new IllegalStateException("feed after finish");
        }
        int i = 0;
        int n = chunk.length();
        candidateFrom = -1;
        while (i < n) {
            i = switch (mode) {
                case TEXT -> text(chunk, i, n);
                case THINKING -> thinking(chunk, i, n);
                case TOOL_BODY -> toolBody(chunk, i, n);
                case PARAMETER -> parameterValue(chunk, i, n);
                case FINISHED -> throw new IllegalStateException("finished");
            };
        }
        flushDeltas();
    }

    /** The stream ended: releases what was held back and reports a tool call left open. Call once. */
    public void finish() {
        if (mode == Mode.FINISHED) {
            throw new IllegalStateException("finish called twice");
        }
        switch (mode) {
            case TEXT -> {
                out.append(candidate);
                candidate.setLength(0);
                flushText();
            }
            case THINKING -> {
                closing.releaseTo(out);
                flushThinking();
            }
            case TOOL_BODY, PARAMETER -> sink.accept(new XmlStreamEvent.StreamError(unclosedCall()));
            default -> { }
        }
        mode = Mode.FINISHED;
    }

    private int text(String chunk, int i, int n) {
        if (candidate.length() == 0) {
            int lt = chunk.indexOf('<', i);
            if (lt < 0) {
                out.append(chunk, i, n);
                return n;
            }
            out.append(chunk, i, lt);
            candidate.append('<');
            candidateNode = topLevelTags.root();
            candidateFrom = lt;
            return lt + 1;
        }
        char c = chunk.charAt(i);
        if (c == '>' && candidateNode.name() != null) {
            String name = candidateNode.name();
            candidate.setLength(0);
            flushText();
            if (THINKING_TAGS.contains(name)) {
                mode = Mode.THINKING;
                closing = new ClosingTag(name);
            } else {
                openCall(name);
            }
            return i + 1;
        }
        TagTrie.Node next = candidateNode.child(c);
        if (next != null) {
            candidate.append(c);
            candidateNode = next;
            return i + 1;
        }
        // Not a known tag: what was held is text; the character is read again (it may start a tag).
        if (candidateFrom >= 0) {
            out.append(chunk, candidateFrom, i);
        } else {
            out.append(candidate);
        }
        candidate.setLength(0);
        return i;
    }

    private int thinking(String chunk, int i, int n) {
        int end = closing.scan(chunk, i, n, out);
        if (end < 0) {
            return n;
        }
        flushThinking();
        mode = Mode.TEXT;
        return end;
    }

    private void openCall(String name) {
        tool = name;
        toolClosingTag = "</" + name + ">";
        parameters = new LinkedHashMap<>();
        callChars = 0;
        callTooLarge = false;
        mode = Mode.TOOL_BODY;
        sink.accept(new XmlStreamEvent.ToolCallStarted(callCount, name));
    }

    private int toolBody(String chunk, int i, int n) {
        if (candidate.length() == 0) {
            int lt = chunk.indexOf('<', i);
            if (lt < 0) {
                return n;
            }
            candidate.append('<');
            return lt + 1;
        }
        char c = chunk.charAt(i);
        if (candidate.length() == 1 && c == '/') {
            candidate.append(c);
            return i + 1;
        }
        boolean closingTag = candidate.length() > 1 && candidate.charAt(1) == '/';
        if (closingTag) {
            String expected = toolClosingTag;
            if (c == expected.charAt(candidate.length())) {
                candidate.append(c);
                if (candidate.length() == expected.length()) {
                    candidate.setLength(0);
                    completeCall();
                }
                return i + 1;
            }
        } else if (c == '>' && candidate.length() > 1) {
            String name = candidate.substring(1);
            candidate.setLength(0);
            // The tool's own name is never a parameter: its closing tag must stay the call's end.
            if (!name.equals(tool)) {
                openParameter(name);
            }
            return i + 1;
        } else if (candidate.length() <= MAX_PARAMETER_NAME && isNameChar(c, candidate.length() == 1)) {
            candidate.append(c);
            return i + 1;
        }
        // Neither a parameter nor the closing tag: ignored, and the character is read again.
        candidate.setLength(0);
        return i;
    }

    private void openParameter(String name) {
        parameter = name;
        value = new ParameterValue();
        closing = new ClosingTag(name);
        callChars += name.length();
        mode = Mode.PARAMETER;
    }

    private int parameterValue(String chunk, int i, int n) {
        int end = closing.scan(chunk, i, n, out);
        String piece = out.take();
        if (!callTooLarge) {
            value.append(piece);
            if (callChars + value.length() > maxToolCallChars) {
                // Stop holding the value; the call is reported as dropped when it closes.
                callTooLarge = true;
                value.discard();
            }
        }
        if (end < 0) {
            return n;
        }
        if (!callTooLarge) {
            emitParameterDelta(value.takeRest());
            String v = value.value();
            callChars += v.length();
            parameters.put(parameter, v);
        }
        parameter = null;
        value = null;
        mode = Mode.TOOL_BODY;
        return end;
    }

    private void completeCall() {
        if (callTooLarge) {
            sink.accept(new XmlStreamEvent.StreamError("tool call " + tool + " (call " + callCount
                    + ") is larger than " + maxToolCallChars + " characters; it was dropped"));
        } else {
            sink.accept(new XmlStreamEvent.ToolCallCompleted(callCount, tool, parameters));
        }
        callCount++;
        tool = null;
        parameters = null;
        mode = Mode.TEXT;
    }

    private String unclosedCall() {
        List<String> received = new ArrayList<>();
        parameters.forEach((k, v) -> received.add(k + " (" + v.length() + " characters)"));
        if (mode == Mode.PARAMETER) {
            received.add(parameter + " (unclosed, " + (value.length() + closing.held().length()) + " characters)");
        }
        return "the stream ended inside tool call " + tool + " (call " + callCount + "): no </" + tool + ">; received "
                + (received.isEmpty() ? "no parameters" : "parameters " + String.join(", ", received));
    }

    private void flushDeltas() {
        switch (mode) {
            case TEXT -> flushText();
            case THINKING -> flushThinking();
            case PARAMETER -> {
                if (!callTooLarge) {
                    emitParameterDelta(value.takeDelta());
                }
            }
            default -> { }
        }
    }

    private void emitParameterDelta(String delta) {
        if (!delta.isEmpty()) {
            sink.accept(new XmlStreamEvent.ToolParameterDelta(callCount, tool, parameter, delta));
        }
    }

    private void flushText() {
        if (!out.isEmpty()) {
            sink.accept(new XmlStreamEvent.TextDelta(out.take()));
        }
    }

    private void flushThinking() {
        if (!out.isEmpty()) {
            sink.accept(new XmlStreamEvent.ThinkingDelta(out.take()));
        }
    }

    static boolean isTagName(String name) {
        if (name.isEmpty() || name.length() > MAX_PARAMETER_NAME) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isNameChar(name.charAt(i), i == 0)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNameChar(char c, boolean first) {
        boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        return letter || (!first && ((c >= '0' && c <= '9') || c == '-'));
    }
}
