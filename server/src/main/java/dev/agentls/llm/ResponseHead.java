package dev.agentls.llm;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The status and headers of an HTTP/1.1 response (RFC 9112 sections 4 and 5), read by the direct client: interim
 * {@code 1xx} answers skipped, header names matched in any case, repeated headers kept in order. Bounded: all heads
 * together at most {@link #MAX_HEAD_BYTES} and {@link #MAX_FIELDS} header lines, else a
 * {@link HttpProtocolException} naming the bound; a malformed status or header line is refused quoting it.
 */
record ResponseHead(int status, List<Field> fields) {

    static final int MAX_HEAD_BYTES = 64 * 1024;
    static final int MAX_FIELDS = 256;

    /** One header line's name and value (surrounding whitespace removed). */
    record Field(String name, String value) {}

    ResponseHead {
        fields = List.copyOf(fields);
    }

    /** The first value of header {@code name}, any case; null when absent. */
    String header(String name) {
        for (Field f : fields) {
            if (f.name().equalsIgnoreCase(name)) {
                return f.value();
            }
        }
        return null;
    }

    /** Every value of header {@code name}, in order. */
    List<String> headers(String name) {
        List<String> values = new ArrayList<>();
        for (Field f : fields) {
            if (f.name().equalsIgnoreCase(name)) {
                values.add(f.value());
            }
        }
        return values;
    }

    /** Reads the final response's head, skipping interim {@code 1xx} ones. */
    static ResponseHead read(HttpInput in) throws IOException {
        int budget = MAX_HEAD_BYTES;
        String tooLarge = "the response's head passed " + MAX_HEAD_BYTES + " bytes without ending";
        while (true) {
            String statusLine = in.readLine(budget, tooLarge);
            if (statusLine == null) {
                throw new EOFException("the connection closed before the response began");
            }
            budget -= statusLine.length() + 2;
            int status = status(statusLine);
            List<Field> fields = new ArrayList<>();
            while (true) {
                String line = in.readLine(Math.max(budget, 0), tooLarge);
                if (line == null) {
                    throw new EOFException("the connection closed in the middle of the response's head");
                }
                budget -= line.length() + 2;
                if (line.isEmpty()) {
                    break;
                }
                if (line.charAt(0) == ' ' || line.charAt(0) == '\t') {
                    // obs-fold (RFC 9112 section 5.2): a continuation of the line before, joined by a space.
                    if (fields.isEmpty()) {
                        throw new HttpProtocolException("the response's first header line is a continuation: '"
                                + HttpInput.printable(line) + "'");
                    }
                    Field last = fields.remove(fields.size() - 1);
                    fields.add(new Field(last.name(), (last.value() + " " + line.strip()).strip()));
                    continue;
                }
                if (fields.size() == MAX_FIELDS) {
                    throw new HttpProtocolException("the response has more than " + MAX_FIELDS + " header lines");
                }
                fields.add(field(line));
            }
            if (status == 101) {
                throw new HttpProtocolException("the server switched protocols (HTTP 101), which this request"
                        + " never asked for");
            }
            if (status >= 200) {
                return new ResponseHead(status, fields);
            }
            // 100 Continue, 103 Early Hints...: the answer follows.
        }
    }

    private static int status(String line) throws HttpProtocolException {
        // HTTP-version SP 3DIGIT SP [reason]; a missing SP after the code is tolerated.
        boolean shaped = line.length() >= 12 && line.startsWith("HTTP/1.") && Character.isDigit(line.charAt(7))
                && line.charAt(8) == ' ' && isDigits(line, 9, 12) && (line.length() == 12 || line.charAt(12) == ' ');
        int status = shaped ? Integer.parseInt(line.substring(9, 12)) : 0;
        if (status < 100) {
            throw new HttpProtocolException("malformed status line '" + HttpInput.printable(line) + "'");
        }
        return status;
    }

    private static boolean isDigits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static Field field(String line) throws HttpProtocolException {
        int colon = line.indexOf(':');
        String name = colon < 0 ? "" : line.substring(0, colon);
        if (!isToken(name)) {
            // Whitespace before the colon included (RFC 9112 section 5.1: such a line must be rejected).
            throw new HttpProtocolException("malformed header line '" + HttpInput.printable(line) + "'");
        }
        return new Field(name, line.substring(colon + 1).strip());
    }

    /** A token of RFC 9110 section 5.6.2: one or more of the visible characters that are not delimiters. */
    static boolean isToken(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean alnum = c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
            boolean symbol = switch (c) {
                case '!', '#', '$', '%', '&', '\'', '*', '+', '-', '.', '^', '_', '`', '|', '~' -> true;
                default -> false;
            };
            if (!alnum && !symbol) {
                return false;
            }
        }
        return true;
    }

    /** The comma-separated items of every value of header {@code name}, trimmed and lower-cased, empty ones dropped. */
    List<String> items(String name) {
        List<String> items = new ArrayList<>();
        for (String value : headers(name)) {
            for (String item : value.split(",")) {
                String t = item.strip().toLowerCase(Locale.ROOT);
                if (!t.isEmpty()) {
                    items.add(t);
                }
            }
        }
        return items;
    }
}
