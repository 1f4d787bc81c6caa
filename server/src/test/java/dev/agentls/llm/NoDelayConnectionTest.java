package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.net.SocketFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The model client's connections send with Nagle's algorithm off: a request leaves in more than one write (head and
 * full body segments, then the body's tail), and with Nagle on the tail waits for the server's delayed
 * acknowledgement (up to 40 ms on Linux; 45-65 ms of an editor's run start on loopback before this). The sockets the
 * client really connects with are recorded by wrapping its factory through the builder's test hook, and a real call
 * with a body larger than one buffer segment goes to a scripted model on loopback.
 */
class NoDelayConnectionTest {

    private final Harness h = new Harness();

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void theModelClientConnectsWithNagleOffAndStillGetsTheAnswer() throws Exception {
        List<Socket> sockets = new CopyOnWriteArrayList<>();
        try (ScriptedModel model = ScriptedModel.fromResource("openai-text.jsonl")) {
            StreamingModelClient client = new StreamingModelClient(Harness.openai(model), h.env::get, h.clock,
                    (d, c) -> { }, new Random(1), h.executor,
                    b -> b.socketFactory(new Recording(b.build().socketFactory(), sockets)));
            // A system prompt past okio's 8 KiB segment, as a real run's (tools, rules, map) is.
            ModelRequest request = ModelRequest.of(List.of(new ModelMessage.System("Be exact. ".repeat(3_000)),
                    new ModelMessage.User("hi")), List.of());
            ModelOutcome outcome = client.stream(request, h.events::add).outcome().get(30, TimeUnit.SECONDS);

            assertTrue(outcome instanceof ModelOutcome.Completed, outcome.toString());
            assertEquals("Hello, wörld! ✓", h.text());
        }
        assertFalse(sockets.isEmpty(), "the client made no socket through its factory");
        for (Socket socket : sockets) {
            assertTrue(socket.getTcpNoDelay(), "a model connection with Nagle's algorithm on: " + socket);
        }
    }

    /** Hands out the wrapped factory's sockets and keeps each. */
    private static final class Recording extends SocketFactory {
        private final SocketFactory sockets;
        private final List<Socket> made;

        Recording(SocketFactory sockets, List<Socket> made) {
            this.sockets = sockets;
            this.made = made;
        }

        private Socket keep(Socket socket) {
            made.add(socket);
            return socket;
        }

        @Override
        public Socket createSocket() throws IOException {
            return keep(sockets.createSocket());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return keep(sockets.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return keep(sockets.createSocket(host, port, localHost, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return keep(sockets.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return keep(sockets.createSocket(address, port, localAddress, localPort));
        }
    }
}
