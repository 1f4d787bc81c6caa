package dev.agentls.mcp;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What a stdio server wrote besides JSON-RPC, kept for the messages that say why it failed: its last stderr lines (each
 * cut short) and how many stdout lines were not JSON-RPC, with the last of them. Thread-safe: the transport's reader
 * threads write while a failing call reads.
 */
final class StdioOutputTail {

    private static final int STDERR_LINES = 12;
    private static final int LINE_CHARS = 300;

    private final Deque<String> stderr = new ArrayDeque<>();
    private int skippedLines;
    private String lastSkipped;

    synchronized void stderr(String line) {
        stderr.addLast(line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS) + "\u2026" : line);
        while (stderr.size() > STDERR_LINES) {
            stderr.removeFirst();
        }
    }

    synchronized void skipped(String line) {
        skippedLines++;
        lastSkipped = line;
    }

    /** Lines on stdout that were not JSON-RPC: how many, and the last, for the message of a call that timed out. */
    synchronized String skippedNote() {
        return skippedLines == 0 ? "" : "; its stdout had " + skippedLines + (skippedLines == 1 ? " line" : " lines")
                + " that " + (skippedLines == 1 ? "is" : "are") + " not JSON-RPC, the last: '" + lastSkipped + "'";
    }

    synchronized String stderrNote() {
        return stderr.isEmpty() ? "" : "; its last stderr lines: " + String.join(" | ", stderr);
    }
}
