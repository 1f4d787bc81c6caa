package dev.agentls.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What the server wrote, as the editor reads it: Content-Length frames parsed back into JSON objects, and the texts
 * among them an editor shows as they are (error messages, {@code window/*} messages), which must never hold a '%'.
 */
final class WireFrames {

    private WireFrames() {}

    /** One frame: {@code Content-Length: N\r\n\r\n} and N bytes of UTF-8 JSON. */
    static byte[] frame(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        byte[] header = ("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[header.length + body.length];
        System.arraycopy(header, 0, out, 0, header.length);
        System.arraycopy(body, 0, out, header.length, body.length);
        return out;
    }

    /** Reads one frame the server wrote; null at the end of the stream. Fails on anything that is not a frame. */
    static JsonObject read(InputStream in) throws IOException {
        StringBuilder headers = new StringBuilder();
        int length = -1;
        while (true) {
            String line = line(in);
            if (line == null) {
                return null;
            }
            if (line.isEmpty()) {
                break;
            }
            headers.append(line).append('\n');
            if (line.startsWith("Content-Length: ")) {
                length = Integer.parseInt(line.substring("Content-Length: ".length()));
            }
        }
        if (length < 0) {
            throw new IOException("a frame without Content-Length: " + headers);
        }
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            return null;
        }
        return JsonParser.parseString(new String(body, StandardCharsets.UTF_8)).getAsJsonObject();
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                String text = line.toString(StandardCharsets.US_ASCII);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(c);
        }
        return null;
    }

    /** Every frame in {@code bytes}. */
    static List<JsonObject> parseAll(byte[] bytes) throws IOException {
        List<JsonObject> frames = new ArrayList<>();
        InputStream in = new java.io.ByteArrayInputStream(bytes);
        JsonObject next;
        while ((next = read(in)) != null) {
            frames.add(next);
        }
        return frames;
    }

    /** The texts of {@code message} an editor shows as they are: an error's message, a window or progress message. */
    static List<String> shownTexts(JsonObject message) {
        List<String> texts = new ArrayList<>();
        if (message.has("error") && message.get("error").isJsonObject()) {
            JsonElement text = message.getAsJsonObject("error").get("message");
            texts.add(text == null || text.isJsonNull() ? "" : text.getAsString());
        }
        if (message.has("method") && message.get("method").getAsString().startsWith("window/")
                && message.has("params") && message.get("params").isJsonObject()) {
            JsonElement text = message.getAsJsonObject("params").get("message");
            if (text != null && text.isJsonPrimitive()) {
                texts.add(text.getAsString());
            }
        }
        if (message.has("method") && message.get("method").getAsString().equals("$/progress")
                && message.getAsJsonObject("params").get("value").isJsonObject()) {
            JsonObject value = message.getAsJsonObject("params").getAsJsonObject("value");
            for (String member : new String[] {"title", "message"}) {
                if (value.has(member) && value.get(member).isJsonPrimitive()) {
                    texts.add(value.get(member).getAsString());
                }
            }
        }
        return texts;
    }

    /** The shown texts among {@code frames} that hold a '%'; empty when the wire is clean. */
    static List<String> percentSigns(List<JsonObject> frames) {
        return frames.stream().flatMap(f -> shownTexts(f).stream()).filter(t -> t.indexOf('%') >= 0).toList();
    }

    /** An output stream that also keeps a copy of every byte, so a test can read back what the server wrote. */
    static final class Recording extends OutputStream {
        private final OutputStream next;
        private final ByteArrayOutputStream copy = new ByteArrayOutputStream();

        Recording(OutputStream next) {
            this.next = next;
        }

        @Override
        public void write(int b) throws IOException {
            synchronized (copy) {
                copy.write(b);
            }
            next.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (copy) {
                copy.write(b, off, len);
            }
            next.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            next.flush();
        }

        @Override
        public void close() throws IOException {
            next.close();
        }

        byte[] bytes() {
            synchronized (copy) {
                return copy.toByteArray();
            }
        }
    }
}
