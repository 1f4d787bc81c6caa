package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.llm.replay.Transcript;
import dev.agentls.tools.TestWorkspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 200 seeded runs of one four-step editing task (read, edit Greeter.java, create notes/CHANGES.md, edit stats.py,
 * complete) on temp copies of test-workspaces/demo, each with one fault injected at a seeded step: a stream cut
 * mid-answer, 429s, 5xx, garbage in the stream, an answer cut by the output limit in the middle of a tool call, a
 * cancel at a seeded moment, or a command that hangs (alone or cancelled). Every run must end, within seconds, with
 * exactly one {@code run_finished} closing a gap-free event stream; its workspace must be exactly the state after as
 * many whole edits as it reported with {@code edit_applied} (never a half-written file or a partial set); and no
 * command process may outlive the runs. Prints the outcomes per fault kind.
 */
@Tag("slow")
class FaultInjectedRunsTest {

    private static final long SEED = 20_261_124L;
    private static final int RUNS = 200;
    private static final int PARALLEL_RUNS = 4;
    private static final long RUN_DEADLINE_SECONDS = 20;
    private static final String GREETER = DirectRunTest.GREETER;
    private static final String NOTES = "notes/CHANGES.md";
    /** No final line break: XML tool mode trims parameter values, so it could not survive both tool modes alike. */
    private static final String NOTES_TEXT = "# Changes\n\n- Greeter strips names.\n- spread() of no values fails"
            + " clearly.";
    private static final String STATS = "scripts/stats.py";
    private static final String STATS_FIX = """
            ------- SEARCH
                def spread(self):
                    return max(self.values) - min(self.values)
            =======
                def spread(self):
                    if not self.values:
                        raise ValueError("no values")
                    return max(self.values) - min(self.values)
            +++++++ REPLACE""";
    private static final String HANGING_COMMAND = "sleep 30";

    enum Fault { NONE, CUT_STREAM, RATE_LIMITED, SERVER_ERROR, GARBAGE_CHUNK, LENGTH, CANCEL, HANGING_COMMAND }

    @TempDir
    Path temp;

    @Test
    void twoHundredSeededFaultInjectedRunsLeaveNoCorruptedOrHalfAppliedFileNoHungRunAndOneRunFinishedEach()
            throws Exception {
        List<Map<String, String>> boundaries = boundaries();
        ExecutorService runs = Executors.newFixedThreadPool(PARALLEL_RUNS);
        ExecutorService executor = Executors.newCachedThreadPool();
        ScheduledExecutorService timers = Executors.newScheduledThreadPool(2);
        Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        List<String> problems = new CopyOnWriteArrayList<>();
        AtomicInteger appliedAfterCancel = new AtomicInteger();
        AtomicInteger commandsTimedOut = new AtomicInteger();
        long started = System.nanoTime();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                int run = i;
                futures.add(runs.submit(() -> {
                    try {
                        String outcome = oneRun(run, boundaries, executor, timers, problems, appliedAfterCancel,
                                commandsTimedOut);
                        counts.computeIfAbsent(faultOf(run) + " -> " + outcome, k -> new AtomicInteger())
                                .incrementAndGet();
                    } catch (Exception | AssertionError e) {
                        problems.add("run " + run + " (" + faultOf(run) + "): " + e);
                    }
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get(5, TimeUnit.MINUTES);
            }
        } finally {
            runs.shutdownNow();
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
        List<ProcessHandle> leftovers = leftoverCommands();
        executor.shutdownNow();
        timers.shutdownNow();

        System.out.println("fault-injected runs: " + RUNS + " in " + seconds + " s (seed " + SEED + ")");
        new TreeMap<>(counts).forEach((key, count) -> System.out.printf("  %-40s %d%n", key, count.get()));
        System.out.println("  changes applied as a cancel arrived (reported by the workspace, not an event): "
                + appliedAfterCancel.get() + "; hanging commands stopped by their timeout: " + commandsTimedOut.get());
        assertEquals(List.of(), problems.subList(0, Math.min(3, problems.size())),
                problems.size() + " runs hung, broke their event stream or left a file half-applied; the first 3");
        assertEquals(RUNS, counts.values().stream().mapToInt(AtomicInteger::get).sum());
        assertEquals(List.of(), leftovers.stream().map(p -> p.info().commandLine().orElse("?")).toList(),
                "command processes outliving their runs");
        for (Fault fault : Fault.values()) {
            assertTrue(counts.keySet().stream().anyMatch(k -> k.startsWith(fault + " ")), "no run of " + fault);
        }
        assertTrue(counts.keySet().stream().anyMatch(k -> k.equals("CANCEL -> cancelled")), counts.toString());
        assertTrue(commandsTimedOut.get() > 0, "some hanging command ran into its timeout");
    }

    private static Fault faultOf(int run) {
        return Fault.values()[run % Fault.values().length];
    }

    /** One run; answers its outcome ({@code completed}, {@code failed}...), or throws naming what broke. */
    private String oneRun(int run, List<Map<String, String>> boundaries, ExecutorService executor,
                          ScheduledExecutorService timers, List<String> problems, AtomicInteger appliedAfterCancel,
                          AtomicInteger commandsTimedOut) throws Exception {
        Random random = new Random(SEED + run);
        Fault fault = faultOf(run);
        Provider provider = random.nextBoolean() ? Provider.OPENAI : Provider.ANTHROPIC;
        ToolMode mode = random.nextInt(4) == 0 ? ToolMode.XML : ToolMode.NATIVE;
        Path root = TestWorkspace.copy("demo", temp.resolve("run-" + run));
        List<Transcript.Response> responses = task(provider, mode, fault == Fault.HANGING_COMMAND);
        boolean cancel = fault == Fault.CANCEL || (fault == Fault.HANGING_COMMAND && random.nextBoolean());
        if (fault == Fault.CANCEL) {
            responses = delayed(responses, random);
        }
        int at = random.nextInt(responses.size());
        responses.addAll(at, faultResponses(fault, provider, mode, random));
        List<AgentEvent> events = new CopyOnWriteArrayList<>();
        try (FaultRig rig = new FaultRig(root, provider, mode, new Transcript(responses), executor, timers,
                SEED + run)) {
            RunHandle handle = rig.agent.run(RunRequest.of("Strip names, note the changes, guard spread()"),
                    events::add);
            if (cancel) {
                timers.schedule(handle::cancel, random.nextInt(fault == Fault.CANCEL ? 400 : 900),
                        TimeUnit.MILLISECONDS);
            }
            RunOutcome outcome;
            try {
                outcome = handle.outcome().get(RUN_DEADLINE_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                handle.cancel();
                throw new AssertionError("hung: no run_finished after " + RUN_DEADLINE_SECONDS + " s; events: "
                        + types(events));
            }
            checkStream(events);
            int edits = (int) events.stream().filter(AgentEvent.EditApplied.class::isInstance).count();
            Map<String, String> files = snapshot(root);
            int state = boundaries.indexOf(files);
            if (state < 0) {
                throw new AssertionError("corrupted or half-applied: the workspace matches no checkpoint boundary;"
                        + " against boundary " + Math.min(edits, boundaries.size() - 1) + " these files differ: "
                        + differing(boundaries.get(Math.min(edits, boundaries.size() - 1)), files) + "; events: "
                        + types(events));
            }
            if (state == edits + 1 && outcome.status() == RunStatus.CANCELLED) {
                appliedAfterCancel.incrementAndGet();
            } else if (state != edits) {
                throw new AssertionError("the workspace is at boundary " + state + " but " + edits
                        + " edit(s) were reported; status " + outcome.status());
            }
            if (events.stream().anyMatch(e -> e instanceof AgentEvent.ToolResult r
                    && r.name().equals("execute_command")
                    && r.text().contains("did not finish within 1 seconds and was stopped"))) {
                commandsTimedOut.incrementAndGet();
            }
            return outcome.status().id();
        }
    }

    /** The task: read, three edits over three files (one created), complete; optionally a hanging command first. */
    private static List<Transcript.Response> task(Provider provider, ToolMode mode, boolean hang) {
        ModelScript script = new ModelScript(provider, mode)
                .calls("Reading the greeter first.", call("read_file", "target_file", GREETER))
                .calls("", call("replace_in_file", "target_file", GREETER, "diff", DirectRunTest.FIX))
                .calls("", call("write_to_file", "target_file", NOTES, "content", NOTES_TEXT));
        if (hang) {
            script.calls("Checking the tests first.", call("execute_command", "command", HANGING_COMMAND,
                    "requires_approval", false));
        }
        script.calls("", call("replace_in_file", "target_file", STATS, "diff", STATS_FIX))
                .calls("", call("attempt_completion", "result", "Done."));
        return new ArrayList<>(script.transcript().responses());
    }

    /** The same answers, each after a seeded wait before its headers: room for a cancel at any point. */
    private static List<Transcript.Response> delayed(List<Transcript.Response> responses, Random random) {
        List<Transcript.Response> delayed = new ArrayList<>();
        for (Transcript.Response r : responses) {
            delayed.add(new Transcript.Response(r.status(), r.headers(), random.nextInt(60), r.parts()));
        }
        return delayed;
    }

    /** What is served in place of the answer at the fault's step (the real answer follows, for a retry). */
    private static List<Transcript.Response> faultResponses(Fault fault, Provider provider, ToolMode mode,
                                                            Random random) {
        ModelScript script = new ModelScript(provider, mode);
        switch (fault) {
            case CUT_STREAM -> script.cutAfter("I will now change the greeter so that");
            case RATE_LIMITED -> {
                for (int i = 1 + random.nextInt(4); i > 0; i--) {
                    script.error(429, "rate limited: slow down");
                }
            }
            case SERVER_ERROR -> {
                for (int i = 1 + random.nextInt(4); i > 0; i--) {
                    script.error(random.nextBoolean() ? 500 : 503, "the server is overloaded");
                }
            }
            case GARBAGE_CHUNK -> {
                return List.of(sse(garbage(random)));
            }
            case LENGTH -> {
                return List.of(sse(cutByLength(provider, mode)));
            }
            default -> {
                return List.of();
            }
        }
        return new ArrayList<>(script.transcript().responses());
    }

    private static String garbage(Random random) {
        StringBuilder bytes = new StringBuilder("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hel\n\n");
        for (int i = 0; i < 40; i++) {
            bytes.append((char) (1 + random.nextInt(0x2FF)));
        }
        return bytes.append("\n\ndata: [not json at all\n\n").toString();
    }

    /** An answer stopped by the output limit in the middle of a tool call's arguments. */
    private static String cutByLength(Provider provider, ToolMode mode) {
        String half = "{\\\"target_file\\\": \\\"src/main/java/demo/Gre";
        if (provider == Provider.OPENAI) {
            String delta = mode == ToolMode.XML
                    ? "{\"content\":\"<replace_in_file>\\n<target_file>src/main/java/demo/Gre\"}"
                    : "{\"tool_calls\":[{\"index\":0,\"id\":\"call_len\",\"type\":\"function\",\"function\":"
                            + "{\"name\":\"replace_in_file\",\"arguments\":\"" + half + "\"}}]}";
            return "data: {\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":null}]}\n\n"
                    + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"length\"}]}\n\n"
                    + "data: [DONE]\n\n";
        }
        String block = mode == ToolMode.XML
                ? "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"
                : "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"tool_use\",\"id\":"
                        + "\"toolu_len\",\"name\":\"replace_in_file\",\"input\":{}}}";
        String delta = mode == ToolMode.XML
                ? "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":"
                        + "\"<replace_in_file>\\n<target_file>src/main/java/demo/Gre\"}}"
                : "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"input_json_delta\","
                        + "\"partial_json\":\"" + half + "\"}}";
        return "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_len\",\"usage\":"
                + "{\"input_tokens\":100,\"output_tokens\":1}}}\n\n"
                + "event: content_block_start\ndata: " + block + "\n\n"
                + "event: content_block_delta\ndata: " + delta + "\n\n"
                + "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n"
                + "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"max_tokens\"},"
                + "\"usage\":{\"output_tokens\":1024}}\n\n"
                + "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    }

    private static Transcript.Response sse(String body) {
        return new Transcript.Response(200, Map.of("Content-Type", "text/event-stream"), 0,
                List.of(new Transcript.Part.Bytes(body, 0)));
    }

    /** Seq from 0 without gaps, run_started first, exactly one run_finished, last. */
    private static void checkStream(List<AgentEvent> events) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).seq() != i) {
                throw new AssertionError("event " + i + " has seq " + events.get(i).seq() + ": " + types(events));
            }
        }
        if (events.isEmpty() || !(events.get(0) instanceof AgentEvent.RunStarted)) {
            throw new AssertionError("the first event is not run_started: " + types(events));
        }
        long finished = events.stream().filter(AgentEvent.RunFinished.class::isInstance).count();
        if (finished != 1 || !(events.get(events.size() - 1) instanceof AgentEvent.RunFinished)) {
            throw new AssertionError(finished + " run_finished, the last event "
                    + AgentEventJson.type(events.get(events.size() - 1)) + ": " + types(events));
        }
    }

    private static List<String> types(List<AgentEvent> events) {
        return events.stream().map(AgentEventJson::type).toList();
    }

    /** The workspace at each checkpoint boundary of the task: before it, then after each whole edit. */
    private List<Map<String, String>> boundaries() throws IOException {
        Map<String, String> state = snapshot(TestWorkspace.copy("demo", temp.resolve("expected")));
        List<Map<String, String>> boundaries = new ArrayList<>();
        boundaries.add(Map.copyOf(state));
        Map<String, String> next = new TreeMap<>(state);
        next.put(GREETER, replaced(next.get(GREETER), "name + \"!\"", "name.strip() + \"!\""));
        boundaries.add(Map.copyOf(next));
        next.put(NOTES, NOTES_TEXT);
        boundaries.add(Map.copyOf(next));
        next.put(STATS, replaced(next.get(STATS), "    def spread(self):\n",
                "    def spread(self):\n        if not self.values:\n            raise ValueError(\"no values\")\n"));
        boundaries.add(Map.copyOf(next));
        return boundaries;
    }

    private static Map<String, String> differing(Map<String, String> expected, Map<String, String> actual) {
        Map<String, String> differ = new TreeMap<>();
        java.util.Set<String> names = new java.util.TreeSet<>(expected.keySet());
        names.addAll(actual.keySet());
        for (String name : names) {
            if (!java.util.Objects.equals(expected.get(name), actual.get(name))) {
                differ.put(name, "expected " + expected.get(name) + " but was " + actual.get(name));
            }
        }
        return differ;
    }

    private static String replaced(String text, String old, String replacement) {
        assertTrue(text.contains(old), old);
        return text.replace(old, replacement);
    }

    private static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(path).toString().replace('\\', '/'),
                        new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
            }
        }
        return Map.copyOf(files);
    }

    /** The hanging commands still alive a moment after every run ended. */
    private static List<ProcessHandle> leftoverCommands() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        List<ProcessHandle> alive;
        do {
            alive = ProcessHandle.current().descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains(HANGING_COMMAND)).toList();
            if (!alive.isEmpty()) {
                Thread.sleep(100);
            }
        } while (!alive.isEmpty() && System.nanoTime() < deadline);
        return alive;
    }
}
