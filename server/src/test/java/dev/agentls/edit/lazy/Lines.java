package dev.agentls.edit.lazy;

import java.util.ArrayList;
import java.util.List;

/** A test file's lines with their exact terminators, so a generated change keeps every other byte. */
record Lines(List<String> contents, List<String> terminators, String dominant) {

    static Lines of(String text) {
        SourceLines s = SourceLines.of(text);
        return new Lines(List.copyOf(s.contents()), List.copyOf(s.terminators()), s.dominantEnding());
    }

    int size() {
        return contents.size();
    }

    String text() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < size(); i++) {
            b.append(contents.get(i)).append(terminators.get(i));
        }
        return b.toString();
    }

    /** Indices of lines holding a letter or digit. */
    List<Integer> codeLines() {
        List<Integer> code = new ArrayList<>();
        for (int i = 0; i < size(); i++) {
            if (contents.get(i).chars().anyMatch(Character::isLetterOrDigit)) {
                code.add(i);
            }
        }
        return code;
    }

    /** The same terminators, new contents of the same count. */
    Lines withContents(List<String> lines) {
        return new Lines(List.copyOf(lines), terminators, dominant);
    }

    Lines withLine(int at, String line) {
        List<String> lines = new ArrayList<>(contents);
        lines.set(at, line);
        return withContents(lines);
    }

    /** A line inserted at index {@code at}, ended like the file's lines. */
    Lines withInserted(int at, String line) {
        List<String> lines = new ArrayList<>(contents);
        List<String> ends = new ArrayList<>(terminators);
        lines.add(at, line);
        if (at == size() && at > 0 && ends.get(at - 1).isEmpty()) {
            ends.set(at - 1, dominant);
            ends.add(at, "");
        } else {
            ends.add(at, dominant);
        }
        return new Lines(List.copyOf(lines), List.copyOf(ends), dominant);
    }

    Lines withDeleted(int at) {
        List<String> lines = new ArrayList<>(contents);
        List<String> ends = new ArrayList<>(terminators);
        lines.remove(at);
        String end = ends.remove(at);
        if (at == lines.size() && at > 0) {
            ends.set(at - 1, end);
        }
        return new Lines(List.copyOf(lines), List.copyOf(ends), dominant);
    }
}
