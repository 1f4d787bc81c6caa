package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcesses;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * {@code agentls lsp} as an editor starts it (a child JVM over OS pipes, from {@link AgentProcesses}), spoken to in
 * raw Content-Length frames: the test writes bytes, and a reader keeps every answer (a frame with an id and no
 * method) in arrival order and by id. Output that is not clean frames is kept in {@link #problems()}.
 */
final class LspProcess {

    private static final Duration WAIT = Duration.ofSeconds(LspFixture.TIMEOUT_SECONDS * 2);

    private final AgentProcess process;
    private final OutputStream in;
    private final BlockingQueue<JsonObject> arrivals = new LinkedBlockingQueue<>();
    private final List<JsonObject> answers = new CopyOnWriteArrayList<>();
    private final Map<String, JsonObject> byId = new ConcurrentHashMap<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    private LspProcess(AgentProcess process) {
        this.process = process;
        this.in = new BufferedOutputStream(process.stdin(), 1 << 16);
        Thread reader = new Thread(this::read, "lsp-frames");
        reader.setDaemon(true);
        reader.start();
    }

    /** {@code agentls lsp} as the editors' tests start it, its stdout left to whoever speaks LSP to it. */
    static AgentProcess.Builder server(AgentProcesses agents) {
        return agents.agentls("lsp").jvm("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1").protocolOnStdout();
    }

    /**
     * {@code editor} speaking LSP4J to a started {@link #server}, initialized on the workspace folder {@code root}
     * with {@code settings} as its initialization options (the answer awaited at most {@code bound}).
     */
    static LanguageServer initialized(AgentProcess server, RunEditor editor, ExecutorService threads, Path root,
            JsonElement settings, Duration bound) throws Exception {
        Launcher<LanguageServer> launcher = new LSPLauncher.Builder<LanguageServer>().setLocalService(editor)
                .setRemoteInterface(LanguageServer.class).setInput(server.protocolOut())
                .setOutput(server.stdin()).setExecutorService(threads).create();
        launcher.startListening();
        LanguageServer remote = launcher.getRemoteProxy();
        editor.connect(remote);
        InitializeParams params = new InitializeParams();
        params.setWorkspaceFolders(List.of(new WorkspaceFolder(root.toUri().toString(), "demo")));
        params.setCapabilities(editor.client.capabilities());
        params.setInitializationOptions(settings);
        remote.initialize(params).get(bound.toMillis(), TimeUnit.MILLISECONDS);
        remote.initialized(new InitializedParams());
        return remote;
    }

    /** Starts {@code agentls lsp} and reads its frames. */
    static LspProcess start(AgentProcesses agents) throws IOException {
        return new LspProcess(server(agents).start());
    }

    /** Sends {@code initialize} (id {@code "init"}) on {@code root}; answered or not, it is not waited for. */
    void sendInitialize(Path root) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"rootUri\":\""
                + root.toUri() + "\",\"capabilities\":{}}}");
    }

    /** Sends {@code initialized}. */
    void sendInitialized() throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}");
    }

    /** One JSON message, framed and flushed. */
    void send(String json) throws IOException {
        write(WireFrames.frame(json));
        flush();
    }

    /** Raw bytes, buffered until {@link #flush()}: a hostile frame, a part of one, a huge body. */
    void write(byte[] bytes) throws IOException {
        in.write(bytes);
    }

    void write(byte[] bytes, int offset, int length) throws IOException {
        in.write(bytes, offset, length);
    }

    void flush() throws IOException {
        in.flush();
    }

    /** The next answer in arrival order; fails, with the server's stderr, when none comes in time. */
    JsonObject nextAnswer(String waitingFor) throws InterruptedException {
        JsonObject answer = arrivals.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        if (answer == null) {
            throw new AssertionError("no answer " + waitingFor + "; stderr:\n" + process.stderr());
        }
        return answer;
    }

    /** The answer to {@code id} (an id literal: {@code "\"init\""}); fails if the server dies or it does not come. */
    JsonObject answer(String id) throws InterruptedException {
        if (!awaitAnswers(all -> all.containsKey(id), WAIT)) {
            throw new AssertionError((process.isAlive() ? "no answer to " : "the server died waiting for ") + id
                    + "; stderr:\n" + process.stderr());
        }
        return byId.get(id);
    }

    /**
     * Waits until the answers by id satisfy {@code enough}, the server ends or {@code within} passes; says whether
     * they do.
     */
    boolean awaitAnswers(Predicate<Map<String, JsonObject>> enough, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        synchronized (byId) {
            while (!enough.test(byId)) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !process.isAlive()) {
                    return false;
                }
                // Bounded so that the server ending (which no frame announces) is noticed.
                byId.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 200)));
            }
            return true;
        }
    }

    /** The first answer to each id so far, by id literal. */
    Map<String, JsonObject> answersById() {
        return byId;
    }

    /** Every answer so far, in arrival order. */
    List<JsonObject> answers() {
        return answers;
    }

    /** Output that was not clean frames, or a frame holding a shown '%'. */
    List<String> problems() {
        return problems;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    String stderr() {
        return process.stderr();
    }

    /**
     * Its stderr once it holds what {@code shown} accepts: read on a thread of its own, a log line may come after an
     * answer the server wrote later. Fails, with the stderr, if it does not come in time.
     */
    String awaitStderr(Predicate<String> shown) throws InterruptedException {
        return process.awaitStderr(shown, WAIT);
    }

    /** Sends {@code exit} and asserts the server ends with status 0 within 30 s. */
    void exit() throws IOException, InterruptedException {
        send("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
        AgentProcess.Ended ended = process.finish(Duration.ofSeconds(30));
        assertEquals(0, ended.status(), ended.stderr());
    }

    private void read() {
        try {
            JsonObject message;
            while ((message = WireFrames.read(process.protocolOut())) != null) {
                if (!message.has("method") && message.has("id")) {
                    answers.add(message);
                    arrivals.add(message);
                    synchronized (byId) {
                        byId.putIfAbsent(message.get("id").toString(), message);
                        byId.notifyAll();
                    }
                } else if (!WireFrames.percentSigns(List.of(message)).isEmpty()) {
                    String text = message.toString();
                    problems.add("a '%' in " + (text.length() <= 300 ? text : text.substring(0, 300) + "..."));
                }
            }
        } catch (Exception e) {
            problems.add("reading the server's output failed: " + e);
        }
    }
}
