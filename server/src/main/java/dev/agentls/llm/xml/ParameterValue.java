package dev.agentls.llm.xml;

/**
 * One parameter's value as it streams in, raw, and the newline rule applied to it: one leading line break and one
 * trailing line break ({@code \n} or {@code \r\n}) are removed, nothing else. Models write
 * {@code <content>\ncode\n</content>}; stripping exactly one break on each side recovers {@code code} while keeping
 * its indentation, blank lines and any further line breaks the model meant. Deltas hold back a trailing line break
 * (and a leading {@code \r}) until it is known whether the rule removes it, so the deltas always concatenate to the
 * final value.
 */
final class ParameterValue {

    private final StringBuilder raw = new StringBuilder();
    /** Characters of the final value already handed out as deltas. */
    private int emitted;

    /** Adds streamed raw text (whole strings: a builder copies those in bulk). */
    void append(String piece) {
        raw.append(piece);
    }

    /** Drops the raw text (the call grew too large and will not be completed). */
    void discard() {
        raw.setLength(0);
        raw.trimToSize();
    }

    int length() {
        return raw.length();
    }

    /** The new part of the value that is certain now; empty when nothing new is certain. */
    String takeDelta() {
        int start = leadingBreak(false);
        if (start < 0) {
            return "";
        }
        int end = raw.length() - trailingHold();
        return take(start, end);
    }

    /** The value is complete: the rest of the final value, after which {@link #value()} is all of it. */
    String takeRest() {
        int start = Math.max(leadingBreak(true), 0);
        int end = Math.max(start, raw.length() - trailingBreak(start));
        return take(start, end);
    }

    /** The final value under the newline rule (call once the closing tag was read). */
    String value() {
        int start = Math.max(leadingBreak(true), 0);
        int end = Math.max(start, raw.length() - trailingBreak(start));
        return raw.substring(start, end);
    }

    private String take(int start, int end) {
        int from = start + emitted;
        if (end <= from) {
            return "";
        }
        emitted = end - start;
        return raw.substring(from, end);
    }

    /** Length of the leading break to strip, or -1 while it is still undecided (only "" or a lone "\r" so far). */
    private int leadingBreak(boolean complete) {
        if (raw.length() == 0) {
            return complete ? 0 : -1;
        }
        char first = raw.charAt(0);
        if (first == '\n') {
            return 1;
        }
        if (first == '\r') {
            if (raw.length() == 1) {
                return complete ? 0 : -1;
            }
            return raw.charAt(1) == '\n' ? 2 : 0;
        }
        return 0;
    }

    /** Characters at the end that may yet be (part of) the trailing break. */
    private int trailingHold() {
        int n = raw.length();
        if (n >= 2 && raw.charAt(n - 2) == '\r' && raw.charAt(n - 1) == '\n') {
            return 2;
        }
        return n >= 1 && (raw.charAt(n - 1) == '\n' || raw.charAt(n - 1) == '\r') ? 1 : 0;
    }

    /** Length of the trailing break the rule removes, never reaching into the stripped leading break. */
    private int trailingBreak(int start) {
        int n = raw.length();
        if (n - start >= 2 && raw.charAt(n - 2) == '\r' && raw.charAt(n - 1) == '\n') {
            return 2;
        }
        return n - start >= 1 && raw.charAt(n - 1) == '\n' ? 1 : 0;
    }
}
