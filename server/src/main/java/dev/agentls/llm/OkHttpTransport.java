package dev.agentls.llm;

import dev.agentls.config.LlmSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import okhttp3.Call;
import okhttp3.ConnectionSpec;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSource;

/**
 * The okhttp transport, for every model: TLS, HTTP/2, proxies. Connect timeout, first-byte wait (headers included)
 * from the settings, no timeout for the whole call; each body read has its own wait.
 */
final class OkHttpTransport implements HttpTransport {

    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

    private final OkHttpClient http;

    /** @param hook a last say on the client's builder, for tests (HTTP/2 without TLS, for one) */
    OkHttpTransport(LlmSettings settings, UnaryOperator<OkHttpClient.Builder> hook) {
        OkHttpClient.Builder builder = new OkHttpClient.Builder().socketFactory(new NoDelaySockets());
        if ("http".equalsIgnoreCase(settings.baseUrl().getScheme())) {
            // A cleartext-only client sets up no TLS context for a model on http://, which never uses it: measured
            // (A/B, 9 rounds, load ~15) `agentls run` to its first request 239 ms of CPU with this, 360 ms without.
            builder.connectionSpecs(List.of(ConnectionSpec.CLEARTEXT));
        }
        this.http = hook.apply(builder
                .connectTimeout(settings.timeouts().connect())
                .readTimeout(settings.timeouts().firstByte())
                .writeTimeout(settings.timeouts().firstByte())
                .callTimeout(Duration.ZERO)
                // A redirect is reported, never followed: the request would go (with its key) where the server says.
                .followRedirects(false)
                .followSslRedirects(false)).build();
    }

    /** The okhttp client, for other requests to the model's server to share its pool (see {@link LocalServerProbe}). */
    OkHttpClient client() {
        return http;
    }

    @Override
    public HttpExchange exchange(WireRequest request) {
        Request.Builder builder = new Request.Builder().url(request.url())
                .post(RequestBody.create(request.jsonBody(), JSON));
        request.headers().forEach(builder::header);
        return new Exchange(http.newCall(builder.build()));
    }

    /** One okhttp call. */
    private static final class Exchange implements HttpExchange {
        private final Call call;
        private Response response;

        Exchange(Call call) {
            this.call = call;
        }

        @Override
        public void send() throws IOException {
            response = call.execute();
        }

        @Override
        public int status() {
            return response.code();
        }

        @Override
        public String header(String name) {
            return response.header(name);
        }

        @Override
        public int read(byte[] buffer, long timeoutNanos) throws IOException {
            BufferedSource source = response.body().source();
            source.timeout().timeout(timeoutNanos, TimeUnit.NANOSECONDS);
            return source.read(buffer);
        }

        @Override
        public void cancel() {
            call.cancel();
        }

        @Override
        public void close() {
            if (response != null) {
                response.close();
            }
        }
    }
}
