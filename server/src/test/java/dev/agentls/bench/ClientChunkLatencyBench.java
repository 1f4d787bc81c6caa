package dev.agentls.bench;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.MaxTokensField;
import dev.agentls.config.PriceTable;
import dev.agentls.config.Provider;
import dev.agentls.config.RetryPolicy;
import dev.agentls.config.SafeZone;
import dev.agentls.config.Thinking;
import dev.agentls.config.Timeouts;
import dev.agentls.config.ToolMode;
import dev.agentls.llm.ModelCall;
import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.Sleeper;
import dev.agentls.llm.StreamingModelClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the model client adds to each streamed chunk. One operation: the benchmark thread writes one Chat Completions
 * SSE frame (one HTTP chunk) on a loopback socket and waits until the reader thread has handed it on. {@link #client}
 * reads with the real {@link StreamingModelClient} (okhttp, chunked decoding, SSE decoding, JSON, tool-call and event
 * dispatch) and is handed the {@code TextDelta} in its listener; {@link #rawSocket} reads the same bytes from a plain
 * socket and only finds the frame's end. Both pay the same write, loopback, wake-up and hand-back, so the difference
 * of their medians is the client's added latency per chunk.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ClientChunkLatencyBench {

    /** Counts frames the reader side has handed on, and wakes the benchmark thread at each. */
    static final class Handoff {
        final AtomicLong seen = new AtomicLong();
        volatile Thread waiter;

        void arrived() {
            seen.incrementAndGet();
            Thread t = waiter;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }

        void await(long count) {
            waiter = Thread.currentThread();
            while (seen.get() < count) {
                LockSupport.parkNanos(this, 1_000_000);
            }
        }
    }

    @State(Scope.Thread)
    public static class ClientStream {
        ChunkPump pump;
        ExecutorService executor;
        ModelCall call;
        final Handoff handoff = new Handoff();
        long sent;

        @Setup(Level.Trial)
        public void start() throws Exception {
            pump = new ChunkPump();
            executor = Executors.newSingleThreadExecutor();
            LlmSettings settings = new LlmSettings(Provider.OPENAI, URI.create("http://127.0.0.1:" + pump.port() + "/v1"),
                    "bench", "AGENTLS_BENCH_NO_KEY", ToolMode.NATIVE, 1024, 128_000, new SafeZone.Fraction(0.8),
                    new Timeouts(Duration.ofSeconds(10), Duration.ofHours(1), Duration.ofHours(1), Duration.ofHours(1)),
                    new RetryPolicy(1, Duration.ZERO, Duration.ZERO), 0, PriceTable.EMPTY, MaxTokensField.AUTO,
                    Integer.MAX_VALUE, Thinking.OFF);
            StreamingModelClient client = new StreamingModelClient(settings, name -> null, Clock.systemUTC(),
                    Sleeper.real(), new Random(1), executor);
            call = client.stream(ModelRequest.of(List.of(new ModelMessage.User("stream forever")), List.of()), event -> {
                if (event instanceof ModelEvent.TextDelta) {
                    handoff.arrived();
                }
            });
            pump.accept();
        }

        @TearDown(Level.Trial)
        public void stop() throws IOException {
            call.cancel();
            pump.close();
            executor.shutdownNow();
        }
    }

    @State(Scope.Thread)
    public static class RawStream {
        ChunkPump pump;
        Socket socket;
        Thread reader;
        final Handoff handoff = new Handoff();
        long sent;

        @Setup(Level.Trial)
        public void start() throws Exception {
            pump = new ChunkPump();
            socket = new Socket(InetAddress.getLoopbackAddress(), pump.port());
            socket.setTcpNoDelay(true);
            byte[] body = "{\"model\":\"bench\",\"stream\":true}".getBytes(StandardCharsets.UTF_8);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            pump.accept();
            InputStream in = socket.getInputStream();
            skipResponseHead(in);
            reader = new Thread(() -> readFrames(in, handoff), "raw-reader");
            reader.setDaemon(true);
            reader.start();
        }

        private static void skipResponseHead(InputStream in) throws IOException {
            int state = 0;
            while (state < 4) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("closed inside the response head");
                }
                state = b == (state % 2 == 0 ? '\r' : '\n') ? state + 1 : (b == '\r' ? 1 : 0);
            }
        }

        /** Finds each frame's end (a blank line) in the raw bytes; the HTTP chunk framing never contains one. */
        private static void readFrames(InputStream in, Handoff handoff) {
            byte[] buffer = new byte[8192];
            int newlines = 0;
            try {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    for (int i = 0; i < n; i++) {
                        byte b = buffer[i];
                        if (b == '\n') {
                            if (++newlines == 2) {
                                handoff.arrived();
                            }
                        } else if (b != '\r') {
                            newlines = 0;
                        }
                    }
                }
            } catch (IOException closed) {
                // trial over
            }
        }

        @TearDown(Level.Trial)
        public void stop() throws IOException {
            socket.close();
            pump.close();
        }
    }

    @Benchmark
    public long client(ClientStream s) throws IOException {
        s.pump.sendFrame();
        s.handoff.await(++s.sent);
        return s.sent;
    }

    @Benchmark
    public long rawSocket(RawStream s) throws IOException {
        s.pump.sendFrame();
        s.handoff.await(++s.sent);
        return s.sent;
    }
}
