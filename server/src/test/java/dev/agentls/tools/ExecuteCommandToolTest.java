package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("slow")
class ExecuteCommandToolTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private Path root;
    private final RecordingHost host = new RecordingHost();
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1);
    private final ExecutorService readers = Executors.newCachedThreadPool();

    @BeforeEach
    void setUp() {
        root = TestWorkspace.copy("tools", temp);
    }

    @AfterEach
    void tearDown() {
        scheduler.shutdownNow();
        readers.shutdownNow();
    }

    private ToolSet tools(CommandRunner.Limits limits) {
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        WorkspacePathGuard guard = new WorkspacePathGuard(roots, new PathPolicy());
        CommandRunner runner = new CommandRunner("bash", limits, scheduler, readers);
        return new ToolSet(List.of(new ExecuteCommandTool(roots, temp.resolve("home"), guard, runner, () -> { })));
    }

    private ToolResult call(ToolSet tools, String command, Object requiresApproval, Cancellation cancellation)
            throws Exception {
        ObjectNode args = JSON.createObjectNode();
        args.put("command", command);
        args.set("requires_approval", JSON.valueToTree(requiresApproval));
        return tools.execute("execute_command", args, new ToolContext(host, cancellation, "c1"))
                .get(30, TimeUnit.SECONDS);
    }

    private ToolResult call(String command, boolean requiresApproval) throws Exception {
        return call(tools(CommandRunner.Limits.defaults()), command, requiresApproval, Cancellation.none());
    }

    @Test
    void runsInTheWorkspaceRootAndReturnsExitCodeWithStdoutAndStderr() throws Exception {
        ToolResult result = call("pwd; echo to-out; echo to-err >&2; exit 3", false);
        ToolResult.Success success = (ToolResult.Success) result;
        assertTrue(success.text().startsWith("Exit code 3."), success.text());
        assertTrue(success.text().contains(root.toString()));
        assertTrue(success.text().contains("to-out") && success.text().contains("to-err"));
        assertEquals(3, success.data().get("exitCode").asInt());
        assertEquals(List.of(), host.confirmations);
    }

    @Test
    void keepsSecretsOutOfTheCommandsEnvironment() throws Exception {
        ToolResult result = call("env | cut -d= -f1", false);
        assertFalse(result.text().matches("(?s).*(API_KEY|TOKEN|SECRET|PASSWORD).*"), result.text());
        assertTrue(result.text().contains("PATH"));
    }

    @Test
    void dangerousCommandWaitsForApprovalAndRunsNothingWhenDeclined() throws Exception {
        host.answering(false);
        ToolResult result = call("rm README.md", false);
        assertTrue(result instanceof ToolResult.Failure);
        assertTrue(result.text().contains("the user declined to run `rm README.md`"), result.text());
        assertTrue(result.text().contains("`rm` deletes or overwrites data"), result.text());
        assertTrue(result.text().contains("Nothing was run"));
        assertTrue(Files.exists(root.resolve("README.md")));
        assertEquals(1, host.confirmations.size());
        assertTrue(host.confirmations.get(0).contains("rm README.md"));
    }

    @Test
    void dangerousCommandRunsOnceApproved() throws Exception {
        host.answering(true);
        ToolResult result = call("rm README.md", false);
        assertTrue(result.isSuccess(), result.text());
        assertFalse(Files.exists(root.resolve("README.md")));
        assertTrue(((ToolResult.Success) result).data().get("approved").asBoolean());
    }

    @Test
    void modelCanAddApprovalButNeverRemoveIt() throws Exception {
        host.answering(false, false);
        ToolResult asked = call("ls src", true);
        assertTrue(asked.text().contains("the model asked for approval"), asked.text());
        assertTrue(asked.text().endsWith("Nothing was run."), asked.text());
        ToolResult stillAsked = call("rm -rf src", false);
        assertTrue(stillAsked.text().contains("declined"), stillAsked.text());
        assertTrue(Files.exists(root.resolve("src/util.py")));
        assertEquals(2, host.confirmations.size());
    }

    @Test
    void refusesACommandNamingADeniedFileWithoutAsking() throws Exception {
        ToolResult result = call("cat .env", false);
        assertTrue(result instanceof ToolResult.Failure);
        assertTrue(result.text().contains("'.env' is on the deny list (environment files hold secrets)"), result.text());
        assertEquals(List.of(), host.confirmations);
    }

    @Test
    void longOutputKeepsHeadAndTailAndCountsWhatIsLeftOut() throws Exception {
        ToolSet tools = tools(new CommandRunner.Limits(Duration.ofSeconds(30), 100, 100, Duration.ofSeconds(2)));
        ToolResult.Success result = (ToolResult.Success) call(tools, "seq 1 20000", false, Cancellation.none());
        long total = result.data().get("outputBytes").asLong();
        assertEquals(total - 200, result.data().get("omittedBytes").asLong());
        assertTrue(result.text().contains("\n1\n2\n3\n"), result.text());
        assertTrue(result.text().contains("19999\n20000\n"));
        assertTrue(result.text().contains("[... " + (total - 200) + " bytes omitted ...]"));
    }

    @Test
    void timeoutKillsTheWholeProcessTreeIncludingGrandchildren() throws Exception {
        host.answering(true); // the command writes a file, so it asks; approved, it runs
        ToolSet tools = tools(new CommandRunner.Limits(Duration.ofSeconds(2), 4096, 4096, Duration.ofSeconds(2)));
        ToolResult result = call(tools, "echo started; bash -c 'sleep 300 & echo $! > grandchild.tmp; "
                + "mv grandchild.tmp grandchild.pid; wait'", false, Cancellation.none());
        assertTrue(result instanceof ToolResult.Failure);
        assertTrue(result.text().contains("did not finish within 2 seconds and was stopped, with every process"),
                result.text());
        assertTrue(result.text().contains("started"));
        assertProcessEnds(Long.parseLong(Files.readString(root.resolve("grandchild.pid")).strip()));
    }

    @Test
    void cancellingKillsTheWholeProcessTree() throws Exception {
        host.answering(true); // the command writes a file, so it asks; approved, it runs
        ToolSet tools = tools(CommandRunner.Limits.defaults());
        Cancellation cancellation = new Cancellation();
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            root.register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
            ObjectNode args = JSON.createObjectNode();
            args.put("command", "bash -c 'sleep 300 & echo $! > grandchild.tmp; mv grandchild.tmp grandchild.pid; wait'");
            args.put("requires_approval", false);
            CompletableFuture<ToolResult> running = tools.execute("execute_command", args,
                    new ToolContext(host, cancellation, "c1"));
            awaitFile(watcher, root.resolve("grandchild.pid"));
            cancellation.cancel();
            ToolResult result = running.get(30, TimeUnit.SECONDS);
            assertTrue(result.text().startsWith("execute_command: cancelled;"), result.text());
            assertProcessEnds(Long.parseLong(Files.readString(root.resolve("grandchild.pid")).strip()));
        }
    }

    @Test
    void aBackgroundProcessDoesNotHoldTheCallOpen() throws Exception {
        host.answering(true); // the command writes a file, so it asks; approved, it runs
        ToolSet tools = tools(new CommandRunner.Limits(Duration.ofSeconds(20), 4096, 4096, Duration.ofMillis(300)));
        ToolResult result = call(tools, "sleep 60 & echo $! > bg.pid; echo done", false, Cancellation.none());
        try {
            assertTrue(result.isSuccess(), result.text());
            assertTrue(result.text().contains("done"));
            assertTrue(((ToolResult.Success) result).data().get("elapsedMillis").asLong() < 20_000);
        } finally {
            ProcessHandle.of(Long.parseLong(Files.readString(root.resolve("bg.pid")).strip()))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void badArgumentsAreNamedAndNothingRuns() throws Exception {
        ToolSet tools = tools(CommandRunner.Limits.defaults());
        ToolContext context = new ToolContext(host, Cancellation.none(), "c1");
        ToolResult missing = tools.execute("execute_command", JSON.readTree("{\"requires_approval\":false}"), context)
                .get(10, TimeUnit.SECONDS);
        assertTrue(missing.text().startsWith("execute_command: missing required parameter 'command'"), missing.text());
        ToolResult notBoolean = call(tools, "touch made.txt", "maybe", Cancellation.none());
        assertEquals("execute_command: 'requires_approval' must be true or false, got \"maybe\"", notBoolean.text());
        assertFalse(Files.exists(root.resolve("made.txt")));
        ToolResult huge = call(tools, "echo " + "x".repeat(100_001), false, Cancellation.none());
        assertTrue(huge.text().contains("'command' is 100006 characters long; the limit is 100000"), huge.text());
    }

    private static void awaitFile(WatchService watcher, Path file) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(file)) {
            WatchKey key = watcher.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (key == null) {
                throw new AssertionError("timed out waiting for " + file);
            }
            key.pollEvents();
            key.reset();
        }
    }

    private static void assertProcessEnds(long pid) throws Exception {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isPresent()) {
            handle.get().onExit().get(10, TimeUnit.SECONDS);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " survived");
    }

}
