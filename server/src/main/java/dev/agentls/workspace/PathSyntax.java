package dev.agentls.workspace;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Turns a path or {@code file:} URI as a model or an editor wrote it into normalised segments, refusing what no
 * honest path contains: NUL and control characters, {@code ~}, encoded separators, other URI schemes, overlong
 * names. Pure: it never looks at the file system. Backslashes count as separators, so {@code ..\\x} is {@code ../x}.
 */
final class PathSyntax {

    static final int MAX_PATH_CHARS = 4096;
    static final int MAX_SEGMENT_BYTES = 255;

    private static final Pattern DRIVE = Pattern.compile("^[A-Za-z]:([\\\\/].*)?$");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*://.*");

    /**
     * A parsed path: absolute or relative, with {@code .} and {@code ..} folded away. {@code escapes} is true when a
     * relative path climbs above its starting folder.
     */
    record Parsed(boolean absolute, List<String> segments, boolean escapes) {}

    private PathSyntax() {}

    static Parsed parse(String raw) {
        if (raw == null || raw.isBlank()) {
            throw refused(raw == null ? "" : raw, PathRefusedException.Reason.MALFORMED, "the path is empty");
        }
        if (raw.length() > MAX_PATH_CHARS) {
            throw refused(raw, PathRefusedException.Reason.TOO_LONG,
                    "the path is " + raw.length() + " characters long; the limit is " + MAX_PATH_CHARS);
        }
        checkCharacters(raw, raw);
        String path = raw;
        if (path.regionMatches(true, 0, "file:", 0, 5)) {
            path = fileUriPath(raw);
        } else if (SCHEME.matcher(path).matches()) {
            throw refused(raw, PathRefusedException.Reason.MALFORMED,
                    "only workspace paths and file: URIs are accepted, not '" + path.substring(0, path.indexOf(':'))
                            + ":' URIs");
        }
        if (path.startsWith("~")) {
            throw refused(raw, PathRefusedException.Reason.MALFORMED,
                    "'~' is not expanded (it would name a home folder); give a path relative to the workspace");
        }
        if (DRIVE.matcher(path).matches()) {
            throw refused(raw, PathRefusedException.Reason.OUTSIDE,
                    "a Windows drive path is outside the workspace; give a path relative to the workspace");
        }
        path = path.replace('\\', '/');
        boolean absolute = path.startsWith("/");
        List<String> segments = new ArrayList<>();
        boolean escapes = false;
        for (String segment : path.split("/")) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_SEGMENT_BYTES) {
                throw refused(raw, PathRefusedException.Reason.TOO_LONG, "the path component '" + shorten(segment, 40)
                        + "' is longer than " + MAX_SEGMENT_BYTES + " bytes, the file system's limit");
            }
            if (segment.equals("..")) {
                if (segments.isEmpty()) {
                    escapes |= !absolute;
                } else {
                    segments.remove(segments.size() - 1);
                }
                continue;
            }
            segments.add(segment);
        }
        return new Parsed(absolute, List.copyOf(segments), escapes);
    }

    private static void checkCharacters(String raw, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                throw refused(raw, PathRefusedException.Reason.MALFORMED, "the path contains a NUL byte");
            }
            if (c < 0x20 || c == 0x7f) {
                throw refused(raw, PathRefusedException.Reason.MALFORMED, String.format(Locale.ROOT,
                        "the path contains the control character U+%04X", (int) c));
            }
        }
    }

    /** The path part of a {@code file:} URI, percent-decoded, refusing hosts, queries and encoded separators. */
    private static String fileUriPath(String raw) {
        String rest = raw.substring(5);
        if (rest.startsWith("//")) {
            int slash = rest.indexOf('/', 2);
            String host = slash < 0 ? rest.substring(2) : rest.substring(2, slash);
            if (!host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                throw refused(raw, PathRefusedException.Reason.OUTSIDE,
                        "the file URI names the host '" + host + "'; only local files in the workspace are accepted");
            }
            rest = slash < 0 ? "/" : rest.substring(slash);
        }
        if (!rest.startsWith("/")) {
            throw refused(raw, PathRefusedException.Reason.MALFORMED, "a file: URI must hold an absolute path");
        }
        if (rest.indexOf('?') >= 0 || rest.indexOf('#') >= 0) {
            throw refused(raw, PathRefusedException.Reason.MALFORMED,
                    "a file: URI with a query or fragment is not a file path");
        }
        String decoded = percentDecode(raw, rest);
        checkCharacters(raw, decoded);
        return decoded;
    }

    private static String percentDecode(String raw, String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '%') {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            int value = i + 2 < text.length() ? hex(text.charAt(i + 1), text.charAt(i + 2)) : -1;
            if (value < 0) {
                throw refused(raw, PathRefusedException.Reason.MALFORMED,
                        "the file URI has a bad percent escape at character " + (i + 5));
            }
            if (value == '/' || value == '\\') {
                throw refused(raw, PathRefusedException.Reason.MALFORMED, "the file URI encodes a path separator ("
                        + text.substring(i, i + 3) + "); separators must be written plainly");
            }
            bytes.write(value);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw refused(raw, PathRefusedException.Reason.MALFORMED, "the file URI's escapes are not valid UTF-8");
        }
    }

    private static int hex(char a, char b) {
        int hi = Character.digit(a, 16);
        int lo = Character.digit(b, 16);
        return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
    }

    static PathRefusedException refused(String raw, PathRefusedException.Reason reason, String fact) {
        String shown = printable(raw);
        return new PathRefusedException(shown, reason, "path '" + shown + "' refused: " + fact);
    }

    /** The path with control characters escaped and its length bounded, safe to put in a message. */
    static String printable(String raw) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < raw.length() && sb.length() < 200; i++) {
            char c = raw.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        if (sb.length() >= 200) {
            sb.append("…(").append(raw.length()).append(" characters)");
        }
        return sb.toString();
    }

    static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "…";
    }
}
