package dev.agentls.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.Transcript;
import dev.agentls.llm.replay.TranscriptException;
import dev.agentls.llm.replay.TranscriptReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.BufferedSink;

/**
 * The model of the tests: a MockWebServer on loopback replaying a {@link Transcript} (one scripted response per
 * request, in order, bodies written part by part with their delays, a {@code cut} closing the connection mid-body),
 * recording every request so tests can assert what was sent, and checking at the end that every scripted response
 * was consumed and no request came unscripted. {@link #endless} makes a model that never stops streaming (at the
 * pace of its last part's delay).
 */
final class ScriptedModel implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final MockWebServer server = new MockWebServer();
    private final List<Transcript.Response> script;
    private final List<RecordedRequest> requests = new ArrayList<>();
    private final List<RecordedRequest> unscripted = new ArrayList<>();
    private final java.util.concurrent.CompletableFuture<IOException> writeFailed =
            new java.util.concurrent.CompletableFuture<>();
    private int next;

    private final boolean http2;
    private final boolean endless;

    private ScriptedModel(Transcript transcript, boolean http2, boolean endless) throws IOException {
        this.script = transcript.responses();
        this.http2 = http2;
        this.endless = endless;
        if (endless && (script.isEmpty() || script.get(script.size() - 1).parts().isEmpty()
                || !(last(script.get(script.size() - 1)) instanceof Transcript.Part.Bytes))) {
            throw new IllegalArgumentException("an endless script's last response must end with bytes to repeat");
        }
        if (http2) {
            server.setProtocols(List.of(okhttp3.Protocol.H2_PRIOR_KNOWLEDGE));
        }
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return respond(request);
            }
        });
        server.start();
    }

    static ScriptedModel of(Transcript transcript) throws IOException {
        return new ScriptedModel(transcript, false, false);
    }

    /**
     * A model that never stops: the last response writes its parts, then its last part again and again, until the
     * client closes the connection (which {@link #writeFailed()} then reports) or the server closes.
     */
    static ScriptedModel endless(String jsonl) throws IOException {
        try {
            return new ScriptedModel(new TranscriptReader().parse(jsonl, "inline"), false, true);
        } catch (TranscriptException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static Transcript.Part last(Transcript.Response response) {
        return response.parts().get(response.parts().size() - 1);
    }

    /** The same over cleartext HTTP/2 (prior knowledge), the protocol real providers speak; cuts are not offered. */
    static ScriptedModel http2(String jsonl) throws IOException {
        try {
            return new ScriptedModel(new TranscriptReader().parse(jsonl, "inline"), true, false);
        } catch (TranscriptException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Loads {@code transcripts/NAME} from the test resources. */
    static ScriptedModel fromResource(String name) throws IOException {
        return of(transcript(name));
    }

    static ScriptedModel fromText(String jsonl) throws IOException {
        try {
            return of(new TranscriptReader().parse(jsonl, "inline"));
        } catch (TranscriptException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    static Transcript transcript(String name) throws IOException {
        try (InputStream in = ScriptedModel.class.getResourceAsStream("/transcripts/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource transcripts/" + name);
            }
            return new TranscriptReader().parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
        } catch (TranscriptException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The base URL to configure: {@code http://127.0.0.1:PORT/v1} (OpenAI style) or without {@code /v1}. */
    URI baseUrl(String path) {
        return URI.create(server.url(path).toString());
    }

    synchronized List<RecordedRequest> requests() {
        return List.copyOf(requests);
    }

    /** The JSON body of request {@code i} (0-based). */
    JsonNode requestJson(int i) throws IOException {
        return JSON.readTree(requests().get(i).getBody().utf8());
    }

    /** Fails unless every scripted response was served and nothing else was asked. */
    synchronized void assertAllConsumed() {
        if (next != script.size() || !unscripted.isEmpty()) {
            throw new AssertionError("all scripted responses consumed: expected " + script.size() + " requests, served "
                    + next + (unscripted.isEmpty() ? "" : ", and " + unscripted.size() + " came unscripted: "
                    + unscripted.get(0).getRequestLine()));
        }
    }

    private synchronized MockResponse respond(RecordedRequest request) {
        requests.add(request);
        if (next >= script.size()) {
            unscripted.add(request);
            return new MockResponse.Builder().code(500)
                    .body("{\"error\":{\"message\":\"the script has no response left\"}}").build();
        }
        Transcript.Response response = script.get(next++);
        MockResponse.Builder builder = new MockResponse.Builder().code(response.status());
        response.headers().forEach(builder::setHeader);
        if (!http2) {
            builder.setHeader("Transfer-Encoding", "chunked");
        }
        builder.headersDelay(response.delayMillis(), TimeUnit.MILLISECONDS);
        builder.body(new Body(response, endless && next == script.size()));
        return builder.build();
    }

    /** Completes when writing a response body failed because the client closed the connection. */
    java.util.concurrent.CompletableFuture<IOException> writeFailed() {
        return writeFailed;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    /**
     * Writes the parts with their delays as HTTP chunks (as streaming servers do, so the client can tell a proper end
     * from a cut); a cut closes the socket's output mid-body.
     */
    private final class Body implements MockResponseBody {
        private final Transcript.Response response;
        private final boolean repeatLast;

        Body(Transcript.Response response, boolean repeatLast) {
            this.response = response;
            this.repeatLast = repeatLast;
        }

        @Override
        public long getContentLength() {
            return -1;
        }

        @Override
        public void writeTo(BufferedSink sink) throws IOException {
            for (Transcript.Part part : response.parts()) {
                pause(part.delayMillis());
                if (part instanceof Transcript.Part.Bytes bytes) {
                    write(sink, bytes.utf8());
                } else {
                    // Closing the socket's sink ends the connection without the last chunk: a cut stream.
                    sink.close();
                    return;
                }
            }
            if (repeatLast) {
                Transcript.Part part = last(response);
                byte[] again = ((Transcript.Part.Bytes) part).utf8();
                while (true) {
                    pause(part.delayMillis());
                    write(sink, again); // ends by the IOException of a closed connection
                }
            }
            if (!http2) {
                // The last chunk; MockWebServer writes the (empty) trailers and the final CRLF of a chunked body.
                sink.writeUtf8("0\r\n");
            }
            sink.flush();
        }

        private void write(BufferedSink sink, byte[] data) throws IOException {
            if (data.length == 0) {
                return;
            }
            try {
                if (http2) {
                    sink.write(data);
                } else {
                    sink.writeUtf8(Integer.toHexString(data.length)).writeUtf8("\r\n").write(data).writeUtf8("\r\n");
                }
                sink.flush();
            } catch (IOException e) {
                writeFailed.complete(e);
                throw e;
            }
        }

        private static void pause(long millis) throws IOException {
            if (millis <= 0) {
                return;
            }
            try {
                Thread.sleep(millis); // the scripted model's pacing, not a test waiting for something
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }
}
