package dev.agentls.llm.xml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded generator of model answers in XML tool mode that look like real ones: prose with comparison signs and
 * near-miss tags, thinking blocks that mention tool tags, and tool calls whose multi-line values hold code full of
 * {@code <}, {@code >}, {@code </} and other tags. Each answer comes with the events the parser must produce for it
 * (merged), built from the generator's own knowledge of what it wrote, not from the parser.
 */
public final class RealisticAnswers {

    /** One generated answer and the merged events it must parse to. */
    public record Answer(String text, List<XmlStreamEvent> expected) {}

    private static final String[] PROSE = {
        "Let me look at the file first.", "The loop runs while i < n && j > 0.", "Use <div> for layout, not </b>.",
        "Generic types like List<String> and Map<K, V> are fine.", "Compare a<b and b>a;", "x -> y",
        "I'll read_file next.", "<read_fil", "<read_filex>", "</read_file>", "<Thinking>", "<< >>", "< /", "</",
        "<path>not a param</path>", "a <= b >= c", "<!-- comment -->", "<write_to_file", "<thinkin>", "ok.",
        "Done: the test passes.", "<", ">", "&lt;tag&gt;", "unicode: \u00e9\u4e2d\uD83D\uDE00", "\t"};
    private static final String[] CODE = {
        "if (a < b && c > d) {", "    return x >> 2;", "}", "List<Map<String, Integer>> m = new ArrayList<>();",
        "<div class=\"x\">", "</div>", "</other>", "<content>", "</path>", "</command>", "<path>", "// </ >",
        "<<<<<<< SEARCH", "=======", ">>>>>>> REPLACE", "------- SEARCH", "+++++++ REPLACE", "", "   ",
        "s = \"</write_to_file>\";", "<read_file><path>x</path></read_file>", "for (int i = 0; i<n; i++) {}",
        "\tindented", "x = a </ b;", "<thinking>not thinking here</thinking>", "</conten", "</content "};
    private static final String[] TOOLS = {"read_file", "write_to_file", "replace_in_file", "execute_command",
        "attempt_completion", "list_dir"};
    private static final String[] PARAMS = {"path", "content", "diff", "command", "result", "start_line",
        "requires_approval", "explanation"};

    private RealisticAnswers() {}

    /** One answer of a few hundred to a few thousand characters. */
    public static Answer generate(SplittableRandom r) {
        StringBuilder text = new StringBuilder();
        List<XmlStreamEvent> expected = new ArrayList<>();
        int parts = 1 + r.nextInt(8);
        int call = 0;
        for (int p = 0; p < parts; p++) {
            int kind = r.nextInt(10);
            if (kind < 4) {
                String prose = prose(r);
                text.append(prose);
                expected.add(new XmlStreamEvent.TextDelta(prose));
            } else if (kind < 6) {
                String tag = r.nextInt(4) == 0 ? "think" : "thinking";
                String body = prose(r) + (r.nextBoolean() ? "\n<read_file><path>a</path></read_file>\n" : "")
                        + code(r, "thinking");
                text.append('<').append(tag).append('>').append(body).append("</").append(tag).append('>');
                if (!body.isEmpty()) {
                    expected.add(new XmlStreamEvent.ThinkingDelta(body));
                }
            } else {
                toolCall(r, call++, text, expected);
            }
            if (r.nextBoolean()) {
                String gap = r.nextBoolean() ? "\n" : "\n\n";
                text.append(gap);
                expected.add(new XmlStreamEvent.TextDelta(gap));
            }
        }
        return new Answer(text.toString(), XmlEvents.merged(expected));
    }

    /** A long stream of concatenated answers, about {@code chars} characters, for benchmarks. */
    public static String stream(long seed, int chars) {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder out = new StringBuilder(chars + 10_000);
        while (out.length() < chars) {
            out.append(generate(r).text());
        }
        return out.toString();
    }

    private static void toolCall(SplittableRandom r, int index, StringBuilder text, List<XmlStreamEvent> expected) {
        String tool = TOOLS[r.nextInt(TOOLS.length)];
        text.append('<').append(tool).append('>').append(r.nextBoolean() ? "\n" : "");
        expected.add(new XmlStreamEvent.ToolCallStarted(index, tool));
        Map<String, String> params = new LinkedHashMap<>();
        int count = r.nextInt(4);
        for (int i = 0; i < count; i++) {
            String name = PARAMS[r.nextInt(PARAMS.length)];
            if (params.containsKey(name)) {
                continue;
            }
            String value = r.nextInt(3) == 0 ? prose(r) : code(r, name);
            String open = "<" + name + ">";
            String close = "</" + name + ">";
            boolean bare = !value.startsWith("\n") && !value.startsWith("\r") && !value.endsWith("\n")
                    && !value.endsWith("\r") && r.nextBoolean();
            String lineBreak = r.nextInt(4) == 0 ? "\r\n" : "\n";
            text.append(open).append(bare ? value : lineBreak + value + lineBreak).append(close)
                    .append(r.nextBoolean() ? "\n" : "");
            params.put(name, value);
            if (!value.isEmpty()) {
                expected.add(new XmlStreamEvent.ToolParameterDelta(index, tool, name, value));
            }
        }
        text.append("</").append(tool).append('>');
        expected.add(new XmlStreamEvent.ToolCallCompleted(index, tool, params));
    }

    private static String prose(SplittableRandom r) {
        StringBuilder s = new StringBuilder();
        int n = 1 + r.nextInt(6);
        for (int i = 0; i < n; i++) {
            s.append(PROSE[r.nextInt(PROSE.length)]).append(r.nextInt(5) == 0 ? "\n" : " ");
        }
        return s.toString();
    }

    /**
     * Lines of code for a value of {@code owner}. A parameter's value may hold its own closing tag when text that is
     * not a tag follows it on the line (the parser reads that as content); thinking may not hold its own.
     */
    private static String code(SplittableRandom r, String owner) {
        String forbidden = "</" + owner + ">";
        StringBuilder s = new StringBuilder();
        int lines = r.nextInt(12);
        for (int i = 0; i < lines; i++) {
            String line = CODE[r.nextInt(CODE.length)];
            if (!owner.equals("thinking") && r.nextInt(10) == 0) {
                line = r.nextBoolean() ? forbidden + " <- its own closing tag, inside" : "q = \"" + forbidden + "\";";
                s.append(line).append(i + 1 < lines ? "\n" : "");
                continue;
            }
            if (line.contains(forbidden) || line.contains("</" + owner)) {
                continue;
            }
            s.append(line).append(i + 1 < lines ? (r.nextInt(6) == 0 ? "\r\n" : "\n") : "");
        }
        return s.toString();
    }
}
