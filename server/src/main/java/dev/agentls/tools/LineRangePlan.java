package dev.agentls.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The edit sub-agent's answer: line-range replacements of one file, parsed from the model's JSON list, validated
 * against the file (every range within it, none overlapping another) and applied bottom-up so earlier line numbers
 * stay true. Lines count from 1 and ranges are inclusive; {@code end_line = start_line - 1} inserts before
 * {@code start_line} (and {@code start_line = lines + 1} appends). A refusal says exactly which entry is wrong and why.
 */
final class LineRangePlan {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final int MAX_EDITS = 200;

    /** One replacement: lines {@code start..end} become {@code replacement}. */
    record Edit(int start, int end, String replacement) {}

    /** A plan that failed validation: the message the model reads on its retry. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    private LineRangePlan() {}

    /** Numbers each line ({@code "  12| text"}) as the sub-agent sees the file. */
    static String numbered(List<String> lines) {
        StringBuilder text = new StringBuilder();
        int width = String.valueOf(Math.max(1, lines.size())).length();
        for (int i = 0; i < lines.size(); i++) {
            String number = String.valueOf(i + 1);
            text.append(" ".repeat(width - number.length())).append(number).append("| ").append(lines.get(i))
                    .append('\n');
        }
        return text.toString();
    }

    /** The file's lines without their breaks (a last line break makes no extra empty line). */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (text.endsWith("\n")) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /** Parses and validates the model's answer against a file of {@code lineCount} lines. */
    static List<Edit> parse(String answer, int lineCount) throws Invalid {
        String json = answer.strip();
        int open = json.indexOf('[');
        int close = json.lastIndexOf(']');
        if (open < 0 || close < open) {
            throw new Invalid("the answer is not a JSON list: expected [{\"start_line\": N, \"end_line\": M,"
                    + " \"replacement\": \"...\"}], got " + shorten(json));
        }
        JsonNode list;
        try {
            list = JSON.readTree(json.substring(open, close + 1));
        } catch (java.io.IOException e) {
            throw new Invalid("the answer's list is not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (list.isEmpty()) {
            throw new Invalid("the list is empty: it must hold at least one edit");
        }
        if (list.size() > MAX_EDITS) {
            throw new Invalid("the list holds " + list.size() + " edits; at most " + MAX_EDITS);
        }
        List<Edit> edits = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode entry = list.get(i);
            String where = "edit " + (i + 1);
            if (!entry.path("start_line").canConvertToInt() || !entry.path("start_line").isIntegralNumber()
                    || !entry.path("end_line").isIntegralNumber() || !entry.path("replacement").isTextual()) {
                throw new Invalid(where + " needs whole-number start_line and end_line and a string replacement,"
                        + " got " + shorten(entry.toString()));
            }
            int start = entry.get("start_line").asInt();
            int end = entry.get("end_line").asInt();
            if (start < 1 || start > lineCount + 1) {
                throw new Invalid(where + ": start_line " + start + " is outside the file's lines 1-" + lineCount
                        + " (" + (lineCount + 1) + " appends)");
            }
            if (end < start - 1 || end > lineCount) {
                throw new Invalid(where + ": end_line " + end + " must be between start_line - 1 (" + (start - 1)
                        + ", an insertion) and the last line " + lineCount);
            }
            edits.add(new Edit(start, end, entry.get("replacement").asText()));
        }
        List<Edit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end));
        for (int i = 1; i < sorted.size(); i++) {
            Edit before = sorted.get(i - 1);
            Edit after = sorted.get(i);
            if (after.start() <= before.end() || (after.start() == before.start() && after.end() < after.start()
                    && before.end() < before.start())) {
                throw new Invalid("edits for lines " + before.start() + "-" + before.end() + " and " + after.start()
                        + "-" + after.end() + " overlap; each line may be replaced by one edit only");
            }
        }
        return sorted;
    }

    /** The file's text with the edits applied, from the bottom up; keeps whether the text ended with a break. */
    static String apply(String text, List<Edit> edits) {
        List<String> lines = lines(text);
        boolean finalBreak = text.endsWith("\n") || text.isEmpty();
        List<Edit> bottomUp = new ArrayList<>(edits);
        bottomUp.sort(Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end).reversed());
        for (Edit edit : bottomUp) {
            List<String> replacement = edit.replacement().isEmpty() ? List.of()
                    : lines(edit.replacement().endsWith("\n") ? edit.replacement() : edit.replacement() + "\n");
            List<String> range = lines.subList(edit.start() - 1, edit.end());
            range.clear();
            range.addAll(replacement);
        }
        String joined = String.join("\n", lines);
        return lines.isEmpty() ? "" : finalBreak ? joined + "\n" : joined;
    }

    private static String shorten(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }
}
