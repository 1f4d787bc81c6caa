package dev.agentls.bench;

import com.google.gson.JsonObject;
import dev.agentls.agent.Agent;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.agent.RunStatus;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.SettingsParser;
import dev.agentls.conversation.InMemoryConversations;
import dev.agentls.conversation.RequestHistory;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.tools.AttemptCompletionTool;
import dev.agentls.tools.ToolSet;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * A run started from an editor, measured at a real LSP client ({@code scripts/bench-lsp}): the server is
 * {@code scripts/agentls lsp} in its own process, the client LSP4J's launcher on the process's pipes, the model
 * {@code agentls replay-model} on loopback answering at once from a script. Two figures (floors: 50 ms, 0.1 ms):
 * <ol>
 * <li>from the client sending {@code workspace/executeCommand agentls.run} (and, in rounds of their own, the
 * {@code @agent} line's "AgentLS: run" code action) to its receiving the run's
 * {@code run_started} {@code agentls/event}, and to its first {@code window/showMessage} (the "started" milestone;
 * rounds are 1.2 s apart, as milestones are at most one a second; the server's first run, which builds the session's
 * parts, is printed on its own and left out of the medians with the other warm-up rounds);</li>
 * <li>the delivery cost per event: a run whose answer streams {@code CHUNKS} text pieces, timed at the client from
 * {@code run_started} to {@code run_finished}, less the same span of the same answer run in-process through the SDK
 * ({@code Agent.run}, a listener that only counts): what is left is the events' way through {@code RunWatch},
 * LSP4J, the pipe and the client, divided by the events the client received.</li>
 * </ol>
 * Usage: {@code LspRunBench JAR LAUNCHER WORKSPACE ROUNDS CHUNKS}. Exits 1 when a median misses its floor.
 */
public final class LspRunBench {

    private static final double LATENCY_FLOOR_MILLIS = 50;
    private static final double PER_EVENT_FLOOR_MILLIS = 0.1;
    private static final int WARM_UP_ROUNDS = 3;

    private LspRunBench() {}

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]);
        Path launcher = Path.of(args[1]);
        Path workspace = Path.of(args[2]).toAbsolutePath();
        int rounds = Integer.parseInt(args[3]);
        int chunks = Integer.parseInt(args[4]);
        Path script = Files.createTempFile("lsp-run-bench-", ".jsonl");
        try {
            // Answers in the order the runs ask: latency runs (agentls.run, then the @agent line's action), event runs
            // (editor), event runs (SDK).
            List<String> answers = new ArrayList<>();
            for (int i = 0; i < 2 * (WARM_UP_ROUNDS + rounds); i++) {
                answers.addAll(ReplayScript.textAnswer(1));
            }
            for (int i = 0; i < 2 * (WARM_UP_ROUNDS + rounds); i++) {
                answers.addAll(ReplayScript.textAnswer(chunks));
            }
            Files.write(script, answers, StandardCharsets.UTF_8);
            Process replay = new ProcessBuilder("java", "-jar", jar.toString(), "replay-model", "--script",
                    script.toString(), "--port", "0").redirectErrorStream(true).start();
            try {
                String baseUrl = listeningUrl(replay) + "/v1";
                measure(launcher, workspace, baseUrl, rounds, chunks);
            } finally {
                replay.destroy();
                replay.waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            Files.deleteIfExists(script);
        }
        System.exit(failed ? 1 : 0);
    }

    private static boolean failed;

    private static void measure(Path launcher, Path workspace, String baseUrl, int rounds, int chunks)
            throws Exception {
        Process server = new ProcessBuilder(launcher.toString(), "lsp").redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        BenchClient client = new BenchClient();
        Launcher<LanguageServer> connection = new Launcher.Builder<LanguageServer>().setLocalService(client)
                .setRemoteInterface(LanguageServer.class).setInput(server.getInputStream())
                .setOutput(server.getOutputStream()).create();
        connection.startListening();
        LanguageServer remote = connection.getRemoteProxy();
        try {
            InitializeParams init = new InitializeParams();
            init.setWorkspaceFolders(List.of(new WorkspaceFolder(workspace.toUri().toString(), "demo")));
            init.setCapabilities(BenchClient.capabilities());
            init.setInitializationOptions(Map.of("agentls", Map.of("llm", Map.of("baseUrl", baseUrl,
                    "model", "bench"))));
            remote.initialize(init).get(60, TimeUnit.SECONDS);
            remote.initialized(new InitializedParams());

            List<Double> toStarted = new ArrayList<>();
            List<Double> toMessage = new ArrayList<>();
            for (int i = 0; i < WARM_UP_ROUNDS + rounds; i++) {
                quietForASecond(client);
                BenchClient.Run run = client.expectRun();
                long sent = System.nanoTime();
                CompletableFuture<Object> answered = remote.getWorkspaceService().executeCommand(
                        new ExecuteCommandParams("agentls.run", List.of(prompt("Say hello"))));
                // During the first run's set-up, another request (one that needs no agent): how long the editor
                // waits for any answer while the session's parts are built.
                CompletableFuture<Long> otherAnswered = i > 0 ? CompletableFuture.completedFuture(0L)
                        : remote.getWorkspaceService().executeCommand(new ExecuteCommandParams("agentls.checkpoints",
                                List.of(Map.of()))).thenApply(answer -> System.nanoTime());
                answered.get(30, TimeUnit.SECONDS);
                long other = otherAnswered.get(30, TimeUnit.SECONDS);
                run.finished().get(30, TimeUnit.SECONDS);
                long message = run.firstMessage().get(5, TimeUnit.SECONDS);
                if (i == 0) {
                    // The server's first run builds the session's tools, conversations and prompt layers: reported,
                    // not held to the floor, which is about a run in a server that has run before.
                    System.out.printf("first run in this server (cold): agentls.run sent -> run_started %.1f ms, ->"
                            + " first showMessage %.1f ms; agentls.checkpoints sent right after it -> its answer"
                            + " %.1f ms%n", (run.started().get() - sent) / 1e6, (message - sent) / 1e6,
                            (other - sent) / 1e6);
                }
                if (i >= WARM_UP_ROUNDS) {
                    toStarted.add((run.started().get() - sent) / 1e6);
                    toMessage.add((message - sent) / 1e6);
                    System.out.printf("round %2d: agentls.run sent -> run_started %.1f ms, -> first showMessage"
                            + " %.1f ms%n", i - WARM_UP_ROUNDS + 1, toStarted.get(toStarted.size() - 1),
                            toMessage.get(toMessage.size() - 1));
                }
            }
            List<Double> lineToStarted = new ArrayList<>();
            List<Double> lineToMessage = new ArrayList<>();
            instructionLineRuns(remote, client, workspace, rounds, lineToStarted, lineToMessage);

            List<Double> editorSpans = new ArrayList<>();
            List<Integer> editorEvents = new ArrayList<>();
            for (int i = 0; i < WARM_UP_ROUNDS + rounds; i++) {
                BenchClient.Run run = client.expectRun();
                remote.getWorkspaceService().executeCommand(new ExecuteCommandParams("agentls.run",
                        List.of(prompt("Say a lot")))).get(30, TimeUnit.SECONDS);
                long finished = run.finished().get(60, TimeUnit.SECONDS);
                if (i >= WARM_UP_ROUNDS) {
                    editorSpans.add((finished - run.started().get()) / 1e6);
                    editorEvents.add(run.events().get());
                }
            }
            remote.shutdown().get(10, TimeUnit.SECONDS);
            remote.exit();

            List<Double> sdkSpans = new ArrayList<>();
            List<Integer> sdkEvents = new ArrayList<>();
            sdkRuns(baseUrl, rounds, sdkSpans, sdkEvents);

            double started = median(toStarted);
            double shown = median(toMessage);
            double editor = median(editorSpans);
            double sdk = median(sdkSpans);
            int events = editorEvents.get(editorEvents.size() / 2);
            double perEvent = (editor - sdk) / events;
            System.out.printf("command -> run_started: median %.1f ms (floor <= %.0f ms), rounds %s%n", started,
                    LATENCY_FLOOR_MILLIS, rounded(toStarted));
            System.out.printf("command -> first window/showMessage: median %.1f ms (floor <= %.0f ms), rounds %s%n",
                    shown, LATENCY_FLOOR_MILLIS, rounded(toMessage));
            double lineStarted = median(lineToStarted);
            double lineShown = median(lineToMessage);
            System.out.printf("@agent line's action -> run_started: median %.1f ms (floor <= %.0f ms), rounds %s%n",
                    lineStarted, LATENCY_FLOOR_MILLIS, rounded(lineToStarted));
            System.out.printf("@agent line's action -> first window/showMessage: median %.1f ms (floor <= %.0f ms),"
                    + " rounds %s%n", lineShown, LATENCY_FLOOR_MILLIS, rounded(lineToMessage));
            System.out.printf("events: %d a run (%d text chunks; the SDK's listener got %d); run_started ->"
                    + " run_finished at the editor median %.2f ms %s, in-process (SDK) median %.2f ms %s%n", events,
                    chunks, sdkEvents.get(sdkEvents.size() / 2), editor, rounded(editorSpans), sdk,
                    rounded(sdkSpans));
            System.out.printf("event delivery overhead: %.4f ms per event (floor <= %.1f ms)%n", perEvent,
                    PER_EVENT_FLOOR_MILLIS);
            failed = started > LATENCY_FLOOR_MILLIS || shown > LATENCY_FLOOR_MILLIS
                    || lineStarted > LATENCY_FLOOR_MILLIS || lineShown > LATENCY_FLOOR_MILLIS
                    || perEvent > PER_EVENT_FLOOR_MILLIS;
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * The same figures for the code action of an {@code @agent} line, executed as the editor got it from
     * {@code textDocument/codeAction}: the line is in a file of the workspace, opened at version 1. The client declares
     * no applyEdit, so the {@code @agent-done} edit at each run's end is not sent (handed back in the server's way for
     * such a client) and the line stays for the next round.
     */
    private static void instructionLineRuns(LanguageServer remote, BenchClient client, Path workspace, int rounds,
                                            List<Double> toStarted, List<Double> toMessage) throws Exception {
        Path file = workspace.resolve("bench-instruction.md");
        String text = "# Notes\n\n@agent Say hello\n";
        Files.writeString(file, text);
        String uri = file.toUri().toString();
        remote.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "markdown", 1,
                text)));
        for (int i = 0; i < WARM_UP_ROUNDS + rounds; i++) {
            quietForASecond(client);
            Command action = remote.getTextDocumentService().codeAction(new CodeActionParams(
                    new TextDocumentIdentifier(uri), new Range(new Position(2, 3), new Position(2, 4)),
                    new CodeActionContext(List.of()))).get(30, TimeUnit.SECONDS).stream()
                    .map(either -> either.getRight().getCommand())
                    .filter(command -> command.getTitle().equals("AgentLS: run")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no 'AgentLS: run' action on the @agent line"));
            BenchClient.Run run = client.expectRun();
            long sent = System.nanoTime();
            remote.getWorkspaceService().executeCommand(new ExecuteCommandParams(action.getCommand(),
                    action.getArguments())).get(30, TimeUnit.SECONDS);
            run.finished().get(30, TimeUnit.SECONDS);
            long message = run.firstMessage().get(5, TimeUnit.SECONDS);
            if (i >= WARM_UP_ROUNDS) {
                toStarted.add((run.started().get() - sent) / 1e6);
                toMessage.add((message - sent) / 1e6);
                System.out.printf("line round %2d: @agent line's action sent -> run_started %.1f ms, -> first"
                        + " showMessage %.1f ms%n", i - WARM_UP_ROUNDS + 1, toStarted.get(toStarted.size() - 1),
                        toMessage.get(toMessage.size() - 1));
            }
        }
    }

    /**
     * Waits until the previous run's milestones have all been shown (the last one may be held up to a second) and
     * the last was shown more than a second ago, so the next run's "started" is not held by the one-a-second rule.
     */
    private static void quietForASecond(BenchClient client) throws InterruptedException {
        Thread.sleep(1200);
        long since;
        while ((since = System.nanoTime() - client.lastMessage()) < 1_100_000_000L) {
            Thread.sleep(Math.max(1, (1_100_000_000L - since) / 1_000_000 + 1));
        }
    }

    /** The same answers run through the SDK in this process, with a listener that only counts and times. */
    private static void sdkRuns(String baseUrl, int rounds, List<Double> spans, List<Integer> counts)
            throws Exception {
        ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "bench-sdk-run");
            thread.setDaemon(true);
            return thread;
        });
        AgentLsSettings settings = new SettingsParser().parse(Map.of("llm", Map.of("baseUrl", baseUrl,
                "model", "bench"))).settings();
        Path root = Files.createTempDirectory("lsp-run-bench-sdk-");
        AtomicInteger ids = new AtomicInteger();
        Agent agent = new Agent(settings, StreamingModelClient.forProduct(settings.llm(), executor),
                new ToolSet(List.of(new AttemptCompletionTool())), new NoChanges(), List.of(root),
                new InMemoryConversations(), RequestHistory.whole(), executor, Clock.systemUTC(),
                () -> "sdk-" + ids.incrementAndGet());
        try {
            for (int i = 0; i < WARM_UP_ROUNDS + rounds; i++) {
                long[] started = new long[1];
                long[] finished = new long[1];
                AtomicInteger events = new AtomicInteger();
                RunOutcome outcome = agent.run(RunRequest.of("Say a lot"), event -> {
                    events.incrementAndGet();
                    if (event instanceof AgentEvent.RunStarted) {
                        started[0] = System.nanoTime();
                    } else if (event instanceof AgentEvent.RunFinished) {
                        finished[0] = System.nanoTime();
                    }
                }).outcome().get(60, TimeUnit.SECONDS);
                if (outcome.status() != RunStatus.COMPLETED) {
                    throw new IllegalStateException("the SDK run ended " + outcome.status() + ": " + outcome.text());
                }
                if (i >= WARM_UP_ROUNDS) {
                    spans.add((finished[0] - started[0]) / 1e6);
                    counts.add(events.get());
                }
            }
        } finally {
            executor.shutdownNow();
            Files.deleteIfExists(root);
        }
    }

    private static JsonObject prompt(String text) {
        JsonObject arguments = new JsonObject();
        arguments.addProperty("prompt", text);
        return arguments;
    }

    private static String listeningUrl(Process replay) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(replay.getInputStream(), StandardCharsets.UTF_8));
        Pattern listening = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            Matcher m = listening.matcher(line);
            if (m.find()) {
                Thread drain = new Thread(() -> {
                    try {
                        out.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException e) {
                        // The replay model ended.
                    }
                }, "bench-replay-output");
                drain.setDaemon(true);
                drain.start();
                return m.group(1);
            }
        }
        throw new IOException("agentls replay-model ended without saying where it listens");
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static List<String> rounded(List<Double> values) {
        return values.stream().map(v -> String.format("%.1f", v)).toList();
    }
}
