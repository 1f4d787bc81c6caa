package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import java.net.URI;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.ConnectionSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A model on {@code http://} gets a client that can only speak cleartext, so building it sets up no TLS (the
 * largest part of a cold {@code agentls run} start); a model on {@code https://} keeps okhttp's TLS specs. What the
 * client is built with is read through the test hook on its builder; that such a client still reaches a loopback
 * model is what every other test in this package does.
 */
class CleartextClientTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    private List<ConnectionSpec> specsFor(String baseUrl) {
        AtomicReference<List<ConnectionSpec>> specs = new AtomicReference<>();
        new StreamingModelClient(Harness.settings(Provider.OPENAI, URI.create(baseUrl)), h.env::get, h.clock,
                (d, c) -> { }, new Random(1), h.executor, b -> {
                    specs.set(b.build().connectionSpecs());
                    return b;
                });
        return specs.get();
    }

    @Test
    void anHttpModelGetsACleartextOnlyClient() {
        assertEquals(List.of(ConnectionSpec.CLEARTEXT), specsFor("http://127.0.0.1:8080/v1"));
    }

    @Test
    void anHttpsModelKeepsTls() {
        List<ConnectionSpec> specs = specsFor("https://api.openai.com/v1");
        assertTrue(specs.stream().anyMatch(ConnectionSpec::isTls), specs.toString());
    }
}
