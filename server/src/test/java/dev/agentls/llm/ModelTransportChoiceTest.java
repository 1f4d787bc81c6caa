package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.agentls.config.Provider;
import java.net.URI;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which HTTP client a model's base URL gets: the direct HTTP/1.1 client for {@code http://} on a loopback host
 * ({@code localhost}, 127.0.0.0/8, {@code [::1]}), okhttp for TLS and for every other host, names that merely
 * start like loopback included. That the direct client is the one really used on loopback, loading no okhttp class,
 * is {@link FreshJvmFirstCallTest}'s.
 */
class ModelTransportChoiceTest {

    @ParameterizedTest
    @CsvSource({
            "http://127.0.0.1:8080/v1, DirectHttpTransport",
            "http://127.1.2.3:11434, DirectHttpTransport",
            "http://localhost:1234/v1, DirectHttpTransport",
            "http://LOCALHOST:1234/v1, DirectHttpTransport",
            "http://[::1]:8000/v1, DirectHttpTransport",
            "http://[0:0:0:0:0:0:0:1]:8000/v1, DirectHttpTransport",
            "https://127.0.0.1:8443/v1, OkHttpTransport",
            "https://localhost:8443/v1, OkHttpTransport",
            "https://api.openai.com/v1, OkHttpTransport",
            "http://10.0.0.5:8000/v1, OkHttpTransport",
            "http://192.168.1.20:11434, OkHttpTransport",
            "http://127.0.0.1.nip.io:8000/v1, OkHttpTransport",
            "http://localhost.example.com:8000/v1, OkHttpTransport",
            "http://[::2]:8000/v1, OkHttpTransport",
            "http://128.0.0.1:8000/v1, OkHttpTransport"})
    void aBaseUrlGetsTheDirectClientOnlyForCleartextLoopback(String baseUrl, String transport) {
        assertEquals(transport, StreamingModelClient.transportFor(Harness.settings(Provider.OPENAI,
                URI.create(baseUrl))).getClass().getSimpleName(), baseUrl);
    }
}
