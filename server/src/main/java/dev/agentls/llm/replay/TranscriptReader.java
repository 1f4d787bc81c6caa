package dev.agentls.llm.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the transcript format: JSON Lines, one object per line, blank lines and lines starting with {@code #} or
 * {@code //} ignored. Each object has a {@code type}:
 * <ul>
 *   <li>{@code response}: starts the answer to the next request. {@code status} (default 200), {@code headers}
 *       (default {@code Content-Type: text/event-stream}), {@code delayMs} before the headers.</li>
 *   <li>{@code sse}: one event frame, {@code event: E} (if given) then {@code data} (a JSON value written compactly,
 *       or a string, one {@code data:} line per line of it) and a blank line.</li>
 *   <li>{@code raw}: {@code text} written byte for byte (comments, CRLF framing, garbage, half a frame, an error
 *       body).</li>
 *   <li>{@code cut}: the connection is closed abruptly here, mid-body.</li>
 * </ul>
 * Every body line takes an optional {@code delayMs} (wait before writing it). Refuses what it does not know, naming
 * the line: a typo in a script should fail loudly, not replay something else.
 */
public final class TranscriptReader {

    private static final long MAX_DELAY_MS = 600_000;

    private final ObjectMapper json = new ObjectMapper();

    public Transcript read(Path file) throws IOException, TranscriptException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.getFileName().toString());
    }

    public Transcript parse(String text, String name) throws TranscriptException {
        List<Transcript.Response> responses = new ArrayList<>();
        Builder current = null;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("//")) {
                continue;
            }
            String where = name + " line " + (i + 1);
            JsonNode node = object(line, where);
            String type = node.path("type").asText("");
            long delay = delay(node, where);
            switch (type) {
                case "response" -> {
                    if (current != null) {
                        responses.add(current.build());
                    }
                    current = new Builder(status(node, where), headers(node, where), delay);
                }
                case "sse", "raw", "cut" -> {
                    if (current == null) {
                        throw new TranscriptException(where + ": a '" + type + "' line needs a 'response' line before it");
                    }
                    if (current.cut) {
                        throw new TranscriptException(where + ": nothing can follow a 'cut' in the same response");
                    }
                    current.add(part(type, node, delay, where));
                }
                default -> throw new TranscriptException(where + ": unknown type '" + type
                        + "' (expected response, sse, raw or cut)");
            }
        }
        if (current != null) {
            responses.add(current.build());
        }
        if (responses.isEmpty()) {
            throw new TranscriptException(name + ": no 'response' line, so nothing to replay");
        }
        return new Transcript(responses);
    }

    private Transcript.Part part(String type, JsonNode node, long delay, String where) throws TranscriptException {
        return switch (type) {
            case "raw" -> {
                JsonNode text = node.get("text");
                if (text == null || !text.isTextual()) {
                    throw new TranscriptException(where + ": 'raw' needs a string 'text'");
                }
                yield new Transcript.Part.Bytes(text.asText(), delay);
            }
            case "sse" -> new Transcript.Part.Bytes(frame(node, where), delay);
            default -> new Transcript.Part.Cut(delay);
        };
    }

    private static String frame(JsonNode node, String where) throws TranscriptException {
        JsonNode data = node.get("data");
        if (data == null) {
            throw new TranscriptException(where + ": 'sse' needs 'data' (a JSON value or a string)");
        }
        StringBuilder frame = new StringBuilder();
        JsonNode event = node.get("event");
        if (event != null) {
            if (!event.isTextual() || event.asText().contains("\n")) {
                throw new TranscriptException(where + ": 'event' must be a one-line string");
            }
            frame.append("event: ").append(event.asText()).append('\n');
        }
        String payload = data.isTextual() ? data.asText() : data.toString();
        for (String line : payload.split("\n", -1)) {
            frame.append("data: ").append(line).append('\n');
        }
        return frame.append('\n').toString();
    }

    private JsonNode object(String line, String where) throws TranscriptException {
        try {
            JsonNode node = json.readTree(line);
            if (node == null || !node.isObject()) {
                throw new TranscriptException(where + ": expected one JSON object per line");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new TranscriptException(where + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static long delay(JsonNode node, String where) throws TranscriptException {
        JsonNode d = node.get("delayMs");
        if (d == null) {
            return 0;
        }
        if (!d.canConvertToLong() || !d.isIntegralNumber() || d.asLong() < 0 || d.asLong() > MAX_DELAY_MS) {
            throw new TranscriptException(where + ": 'delayMs' must be a whole number of milliseconds from 0 to "
                    + MAX_DELAY_MS + ", got " + d);
        }
        return d.asLong();
    }

    private static int status(JsonNode node, String where) throws TranscriptException {
        JsonNode s = node.get("status");
        if (s == null) {
            return 200;
        }
        if (!s.isIntegralNumber() || s.asInt() < 100 || s.asInt() > 599) {
            throw new TranscriptException(where + ": 'status' must be an HTTP status from 100 to 599, got " + s);
        }
        return s.asInt();
    }

    private static Map<String, String> headers(JsonNode node, String where) throws TranscriptException {
        Map<String, String> headers = new LinkedHashMap<>();
        JsonNode h = node.get("headers");
        if (h == null) {
            headers.put("Content-Type", "text/event-stream");
            return headers;
        }
        if (!h.isObject()) {
            throw new TranscriptException(where + ": 'headers' must be an object of strings");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = h.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual() || !e.getKey().matches("[A-Za-z0-9-]+")
                    || e.getValue().asText().matches("(?s).*[\r\n].*")) {
                throw new TranscriptException(where + ": header '" + e.getKey() + "' must be a token name with a one-line string value");
            }
            headers.put(e.getKey(), e.getValue().asText());
        }
        return headers;
    }

    private static final class Builder {
        final int status;
        final Map<String, String> headers;
        final long delay;
        final List<Transcript.Part> parts = new ArrayList<>();
        boolean cut;

        Builder(int status, Map<String, String> headers, long delay) {
            this.status = status;
            this.headers = headers;
            this.delay = delay;
        }

        void add(Transcript.Part part) {
            parts.add(part);
            cut = part instanceof Transcript.Part.Cut;
        }

        Transcript.Response build() {
            return new Transcript.Response(status, headers, delay, parts);
        }
    }
}
