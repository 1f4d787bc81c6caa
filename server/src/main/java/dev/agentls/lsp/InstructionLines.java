package dev.agentls.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds {@code @agent <instruction>} lines in a document's text, in any language, in a comment or not; a line marked
 * {@code @agent-done} is a finished one and is not found. A comment's closing {@code *}{@code /} or {@code -->} is not
 * part of the instruction. Bounded: long lines and lines past the limit are not searched.
 */
final class InstructionLines {

    /** One instruction: its zero-based line, where {@code @agent} starts and the line ends (UTF-16), its text. */
    record Instruction(int line, int start, int end, String text) {}

    static final int MAX_PER_DOCUMENT = 100;
    static final int MAX_LINE_CHARS = 2_000;

    private static final Pattern MARKER = Pattern.compile("@agent(?![\\w-])[ \\t]+(\\S.*)");
    private static final Pattern CLOSER = Pattern.compile("\\s*(\\*/|-->)\\s*$");

    private InstructionLines() {}

    static List<Instruction> find(String text) {
        List<Instruction> found = new ArrayList<>();
        int line = 0;
        for (String content : text.split("\n", -1)) {
            if (content.length() <= MAX_LINE_CHARS && content.contains("@agent")) {
                Matcher m = MARKER.matcher(content.endsWith("\r") ? content.substring(0, content.length() - 1)
                        : content);
                if (m.find()) {
                    String instruction = CLOSER.matcher(m.group(1)).replaceFirst("").strip();
                    if (!instruction.isEmpty()) {
                        found.add(new Instruction(line, m.start(), m.end(), instruction));
                        if (found.size() == MAX_PER_DOCUMENT) {
                            break;
                        }
                    }
                }
            }
            line++;
        }
        return found;
    }
}
