package dev.agentls.llm.xml;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;

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
 * <li>Inside a tool tag, {@code <param>} opens a parameter: any name of letters, digits, '_' or '-' (at most 64, never
 * the tool's own name), or only the tool's declared parameters when they were given. {@code </tool>} closes the
 * call; anything else between parameters (whitespace, stray text) is ignored.</li>
 * <li>A parameter value is raw text: it may hold {@code <}, {@code >}, {@code </other>}, {@code <param>}-like text and
 * the tool's own closing tag. It ends at {@code </param>} followed, after whitespace, by another parameter tag or
 * {@code </tool>}; a {@code </param>} followed by anything else is content (see {@link ToolCallReader}). One leading
 * and one trailing line break are removed (see {@link ParameterValue}). A parameter given twice keeps its last
 * value.</li>
 * <li>A tool tag still open when the stream ends is a {@link XmlStreamEvent.StreamError} naming the tool and what was
 * received; an open thinking block simply ends. A call whose names and values pass {@code maxToolCallChars} is
 * dropped with an error rather than held in memory without bound.</li>
 * </ul>
 * Streaming: every {@link #feed} emits all text it can be sure of and holds back only a possible tag start (at most
 * the longest tag, plus whitespace after a parameter's closing tag), so a tag split across chunks is never lost or
 * misread, and the merged events are the same for every way of chunking the same text. Each character is examined
 * a bounded number of times: linear time. Not thread-safe: one parser per answer, fed from one thread.
 */
public final class XmlToolStreamParser {

    /** Default bound on one tool call's parameter names and values, in characters. */
    public static final int DEFAULT_MAX_TOOL_CALL_CHARS = 8 * 1024 * 1024;
    static final Set<String> THINKING_TAGS = Set.of("thinking", "think");

    private enum Mode { TEXT, THINKING, TOOL_CALL, FINISHED }

    private final Map<String, Predicate<String>> tools;
    private final Consumer<XmlStreamEvent> sink;
    private final int maxToolCallChars;
    private final TagTrie topLevelTags;

    private Mode mode = Mode.TEXT;
    private final TextRun out = new TextRun();
    /** A possible tag being read at the top level, starting with '<'. */
    private final StringBuilder candidate = new StringBuilder();
    private TagTrie.Node candidateNode;
    /** Where the candidate began in the current chunk; -1 when it began in an earlier one. */
    private int candidateFrom = -1;
    private ClosingTag thinkingEnd;
    private ToolCallReader call;
    private int callCount;

    /**
     * A parser for tools that accept any parameter name.
     *
     * @param toolNames tool names to recognise as tags (letters, digits, '_' or '-'); must not be a thinking tag
     * @param sink      receives the events, in order, on the thread that calls {@link #feed} and {@link #finish}
     */
    public XmlToolStreamParser(Set<String> toolNames, Consumer<XmlStreamEvent> sink) {
        this(toolNames, sink, DEFAULT_MAX_TOOL_CALL_CHARS);
    }

    public XmlToolStreamParser(Set<String> toolNames, Consumer<XmlStreamEvent> sink, int maxToolCallChars) {
        this(anyParameters(toolNames), sink, maxToolCallChars);
    }

    /**
     * A parser that knows each tool's parameters: only those open a parameter, which makes a value's own closing tag
     * followed by some other tag (an XML file's {@code </content>\n<div>}) safe. An empty set accepts any name.
     */
    public XmlToolStreamParser(Map<String, Set<String>> parametersByTool, Consumer<XmlStreamEvent> sink,
            int maxToolCallChars) {
        this.sink = Objects.requireNonNull(sink, "sink");
        if (maxToolCallChars < 1) {
            throw new IllegalArgumentException("maxToolCallChars must be positive, got " + maxToolCallChars);
        }
        this.maxToolCallChars = maxToolCallChars;
        Map<String, Predicate<String>> byTool = new HashMap<>();
        parametersByTool.forEach((name, parameters) -> {
            if (!isTagName(name) || THINKING_TAGS.contains(name)) {
                throw new IllegalArgumentException("not a usable tool tag name: \"" + name + "\"");
            }
            Set<String> declared = Set.copyOf(parameters);
            byTool.put(name, declared.isEmpty() ? p -> true : declared::contains);
        });
        this.tools = Map.copyOf(byTool);
        Set<String> names = new TreeSet<>(tools.keySet());
        names.addAll(THINKING_TAGS);
        this.topLevelTags = new TagTrie(names);
    }

    private static Map<String, Set<String>> anyParameters(Set<String> toolNames) {
        Map<String, Set<String>> m = new HashMap<>();
        toolNames.forEach(t -> m.put(t, Set.of()));
        return m;
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
                case TOOL_CALL -> toolCall(chunk, i, n);
                case FINISHED -> throw new IllegalStateException("finished");
            };
        }
        switch (mode) {
            case TEXT -> flush(false);
            case THINKING -> flush(true);
            case TOOL_CALL -> call.endOfChunk();
            default -> { }
        }
    }

    /** The stream ended: releases what was held back and reports a tool call left open. Call once. */
    public void finish() {
        switch (mode) {
            case TEXT -> {
                out.append(candidate);
                candidate.setLength(0);
                flush(false);
            }
            case THINKING -> {
                thinkingEnd.releaseTo(out);
                flush(true);
            }
            case TOOL_CALL -> sink.accept(new XmlStreamEvent.StreamError(call.unclosed()));
            case FINISHED -> throw new IllegalStateException("finish called twice");
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
            flush(false);
            if (THINKING_TAGS.contains(name)) {
                mode = Mode.THINKING;
                thinkingEnd = new ClosingTag(name);
            } else {
                mode = Mode.TOOL_CALL;
                call = new ToolCallReader(callCount, name, tools.get(name), maxToolCallChars, sink);
                sink.accept(new XmlStreamEvent.ToolCallStarted(callCount, name));
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
        int end = thinkingEnd.scan(chunk, i, n, out);
        if (end < 0) {
            return n;
        }
        flush(true);
        mode = Mode.TEXT;
        return end;
    }

    private int toolCall(String chunk, int i, int n) {
        int end = call.scan(chunk, i, n);
        if (end < 0) {
            return n;
        }
        call = null;
        callCount++;
        mode = Mode.TEXT;
        return end;
    }

    private void flush(boolean thinking) {
        if (!out.isEmpty()) {
            String text = out.take();
            sink.accept(thinking ? new XmlStreamEvent.ThinkingDelta(text) : new XmlStreamEvent.TextDelta(text));
        }
    }

    static boolean isTagName(String name) {
        if (name.isEmpty() || name.length() > ToolCallReader.MAX_PARAMETER_NAME) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isNameChar(name.charAt(i), i == 0)) {
                return false;
            }
        }
        return true;
    }

    static boolean isNameChar(char c, boolean first) {
        boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        return letter || (!first && ((c >= '0' && c <= '9') || c == '-'));
    }
}
