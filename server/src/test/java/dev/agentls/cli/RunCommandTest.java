package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("slow")
class RunCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GREETER = DemoGreeter.PATH;
    private static final String FIX = DemoGreeter.STRIP_NAME;

    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<ReplayServer> servers = new ArrayList<>();
    private final AtomicReference<Runnable> interrupt = new AtomicReference<>();

    @AfterEach
    void stop() throws Exception {
        for (ReplayServer server : servers) {
            server.close();
        }
        threads.shutdownNow();
    }

    @Test
    void aCompletedRunPrintsOneJsonEventPerLineChangesTheFileAndExitsZero() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript()
                .answer("Reading it.", "read_file", arguments("target_file", GREETER))
                .answer("", "replace_in_file", arguments("target_file", GREETER, "diff", FIX))
                .answer("", "attempt_completion", arguments("result", "Names are stripped.")));

        int status = run(InputStream.nullInputStream(), "--workspace", root.toString(), "--prompt", "Strip names",
                "--json", "--base-url", base, "--model", "m");

        assertEquals(0, status, stderr());
        List<JsonNode> events = events();
        assertEquals(List.of("run_started", "text", "token_usage", "tool_call", "tool_result", "token_usage",
                "tool_call", "tool_result", "edit_applied", "token_usage", "tool_call", "tool_result", "completion",
                "run_finished"), events.stream().map(e -> e.get("type").asText()).toList());
        for (int i = 0; i < events.size(); i++) {
            assertEquals(i, events.get(i).get("seq").asInt());
        }
        assertEquals("direct", events.get(0).get("mode").asText());
        JsonNode finished = events.get(events.size() - 1);
        assertEquals("completed", finished.get("status").asText());
        assertEquals("Names are stripped.", finished.get("text").asText());
        JsonNode edit = events.get(8);
        assertEquals(GREETER, edit.get("file").asText());
        assertEquals(1, edit.get("added").asInt());
        assertTrue(Files.readString(root.resolve(GREETER)).contains("name.strip()"));
    }

    @Test
    void theLiveViewShowsStreamedTextAndOneLinePerToolCallWithItsResultWithoutControlCharactersOffATerminal()
            throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript()
                .answer("Let me look at the greeter.", "read_file", arguments("target_file", GREETER))
                .answer("", "replace_in_file", arguments("target_file", GREETER, "diff", FIX))
                .answer("", "attempt_completion", arguments("result", "Names are stripped.")));

        int status = run(InputStream.nullInputStream(), "--workspace", root.toString(), "--prompt", "Strip names",
                "--base-url", base, "--model", "m");

        assertEquals(0, status, stderr());
        String view = stdout();
        assertTrue(view.contains("Let me look at the greeter.\n"), view);
        assertTrue(view.contains("[ok]     read_file " + GREETER + " -> "), view);
        assertTrue(view.contains("[ok]     replace_in_file " + GREETER + " -> Applied 1 block"), view);
        assertTrue(view.contains("edited " + GREETER + " +1 -1 (checkpoint "), view);
        assertTrue(view.contains("completed: Names are stripped."), view);
        assertTrue(view.contains("run finished: completed after 3 model call(s), 360 tokens"), view);
        assertFalse(view.contains("\033"), "no escape sequences off a terminal: " + view);
        assertFalse(view.contains("\r"), view);
    }

    @Test
    void approveDenyDeclinesACommandWithoutReadingTheTerminal() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript()
                .answer("", "execute_command", arguments("command", "touch made-by-command",
                        "requires_approval", "true"))
                .answer("It was declined.", new String[0]));
        InputStream unreadable = new InputStream() {
            @Override
            public int read() {
                throw new AssertionError("--approve deny must not read the terminal");
            }
        };

        int status = run(unreadable, "--workspace", root.toString(), "--prompt", "Touch a file", "--json",
                "--approve", "deny", "--base-url", base, "--model", "m");

        assertEquals(0, status, stderr());
        JsonNode result = only("tool_result");
        assertFalse(result.get("ok").asBoolean());
        assertTrue(result.get("text").asText().contains("the user declined to run `touch made-by-command`"),
                result.toString());
        assertEquals("Run this command?", only("approval_requested").get("title").asText());
        assertFalse(Files.exists(root.resolve("made-by-command")));
    }

    @Test
    void approveAskReadsTheAnswerFromStdinAndRunsTheApprovedCommand() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript()
                .answer("", "execute_command", arguments("command", "touch made-by-command",
                        "requires_approval", "true"))
                .answer("Done.", new String[0]));

        int status = run(new ByteArrayInputStream("y\n".getBytes(StandardCharsets.UTF_8)), "--workspace",
                root.toString(), "--prompt", "Touch a file", "--json", "--base-url", base, "--model", "m");

        assertEquals(0, status, stderr());
        assertTrue(only("tool_result").get("ok").asBoolean(), only("tool_result").toString());
        assertTrue(Files.exists(root.resolve("made-by-command")));
        assertTrue(stderr().contains("Run this command?"), "the prompt goes to stderr: " + stderr());
        assertTrue(stderr().contains(TerminalHost.APPROVAL_CHOICES + "\n[y/r/a/N]"), stderr());
        assertFalse(stdout().contains("[y/r/a/N]"), "stdout carries only events");
    }

    @Test
    void approveAllRunsTheCommandWithoutAsking() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript()
                .answer("", "execute_command", arguments("command", "touch made-by-command",
                        "requires_approval", "true"))
                .answer("Done.", new String[0]));

        int status = run(InputStream.nullInputStream(), "--workspace", root.toString(), "--prompt", "Touch a file",
                "--json", "--approve", "all", "--base-url", base, "--model", "m");

        assertEquals(0, status, stderr());
        assertTrue(Files.exists(root.resolve("made-by-command")));
        assertFalse(stderr().contains("[y/r/a/N]"), stderr());
    }

    @Test
    void planModeWithApproveAllApprovesThePlanWithoutAskingAndItsEditLands() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript()
                .answer("", "create_plan", "{\"goal\":\"Strip names\",\"steps\":[{\"title\":\"Change greet\","
                        + "\"description\":\"strip the name\"}]}")
                .answer("", "replace_in_file", arguments("target_file", GREETER, "diff", FIX))
                .answer("", "attempt_completion", arguments("result", "Stripped.")));

        int status = run(InputStream.nullInputStream(), "--workspace", root.toString(), "--prompt", "Strip names",
                "--mode", "plan", "--json", "--approve", "all", "--base-url", base, "--model", "m");

        assertEquals(0, status, stderr());
        assertEquals("plan", events().get(0).get("mode").asText());
        assertEquals("Approve this plan?", only("approval_requested").get("title").asText());
        assertTrue(Files.readString(root.resolve(GREETER)).contains("name.strip()"));
        assertFalse(stderr().contains("Approve this plan?"), "nothing asked on the terminal: " + stderr());
    }

    @Test
    void planModeWithApproveDenyRejectsThePlanExitsOneAndChangesNothing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String before = Files.readString(root.resolve(GREETER));
        String base = serve(new OpenAiScript()
                .answer("", "create_plan", "{\"goal\":\"Strip names\",\"steps\":[{\"title\":\"Change greet\","
                        + "\"description\":\"strip the name\"}]}"));

        int status = run(InputStream.nullInputStream(), "--workspace", root.toString(), "--prompt", "Strip names",
                "--mode", "plan", "--json", "--approve", "deny", "--base-url", base, "--model", "m");

        assertEquals(1, status);
        JsonNode finished = only("run_finished");
        assertEquals("failed", finished.get("status").asText());
        assertEquals("the user rejected the plan", finished.get("text").asText());
        assertEquals(before, Files.readString(root.resolve(GREETER)));
    }

    @Test
    void aModelFailureEndsTheRunFailedWithTheProvidersReasonAndExitsOne() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String before = Files.readString(root.resolve(GREETER));
        String base = serve(new OpenAiScript().error(404, "The model `m` does not exist"));

        int status = run(InputStream.nullInputStream(), "--workspace", root.toString(), "--prompt", "Strip names",
                "--json", "--base-url", base, "--model", "m");

        assertEquals(1, status);
        JsonNode finished = only("run_finished");
        assertEquals("failed", finished.get("status").asText());
        assertTrue(finished.get("text").asText().contains("The model `m` does not exist"), finished.toString());
        assertEquals(before, Files.readString(root.resolve(GREETER)));
    }

    @Test
    void anInterruptCancelsTheRunMidStreamPrintsRunFinishedAndExits130() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript().answer("Thinking about it...", 30_000,
                "read_file", arguments("target_file", GREETER)));

        CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> run(InputStream.nullInputStream(),
                "--workspace", root.toString(), "--prompt", "Strip names", "--json", "--base-url", base,
                "--model", "m"), threads);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        // The answer's text is held until the answer decides the run's mode, so wait for the model call itself.
        while (interrupt.get() == null || servers.get(0).requests().isEmpty()) {
            assertTrue(System.nanoTime() < deadline, "the run never called the model: " + stdout() + stderr());
            Thread.sleep(20);
        }
        // Paces the signal into the stream (the held text shows nothing); no assertion rests on it.
        Thread.sleep(300);
        interrupt.get().run();

        assertEquals(130, status.get(20, TimeUnit.SECONDS));
        List<JsonNode> events = events();
        JsonNode last = events.get(events.size() - 1);
        assertEquals("run_finished", last.get("type").asText());
        assertEquals("cancelled", last.get("status").asText());
        assertEquals(1, events.stream().filter(e -> e.get("type").asText().equals("run_finished")).count());
    }

    @Test
    void badArgumentsAreRefusedNamingTheFlagAndTheAcceptedForm() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String ws = root.toString();
        assertEquals("--mode must be direct, plan or ask, got 'fast'",
                usage("--workspace", ws, "--prompt", "p", "--mode", "fast"));
        assertEquals("--approve must be ask, deny or all, got 'yes'",
                usage("--workspace", ws, "--prompt", "p", "--approve", "yes"));
        assertEquals("--workspace " + root.resolve("nope") + " is not a folder",
                usage("--workspace", root.resolve("nope").toString(), "--prompt", "p"));
        assertTrue(usage("--workspace", ws, "--prompt", "  ").startsWith("a prompt is required"));
        assertTrue(usage("--workspace", ws).startsWith("a prompt is required: agentls run \"fix the failing"
                + " test\", -p TEXT, or -p -"));
        assertTrue(usage("--workspace", ws, "-p", "one", "two").startsWith("the prompt is given twice"));
        assertTrue(usage("--workspace", ws, "-c", "--conversation", "x", "p").startsWith("--continue and"
                + " --conversation both name the conversation"));
        assertTrue(usage("--workspace", ws, "--prompt", "p", "--frobnicate").startsWith(
                "unknown option '--frobnicate'"));
        String iterations = usage("--workspace", ws, "--prompt", "p", "--max-iterations", "0");
        assertTrue(iterations.contains("--max-iterations"), iterations);
        String key = usage("--workspace", ws, "--prompt", "p", "--api-key", "sk-secret");
        assertTrue(key.contains("--api-key: API keys are never passed as arguments"), key);
        assertFalse(key.contains("sk-secret"), key);
        assertEquals("", stdout());
        assertEquals(TestWorkspace.copy("demo", temp.resolve("fresh")).toFile().list().length,
                root.toFile().list().length, "nothing created in the workspace");
    }

    @Test
    void anUnknownConversationIsRefusedNamingItsIdBeforeAnythingRuns() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String base = serve(new OpenAiScript().answer("never sent", new String[0]));

        int status = run(InputStream.nullInputStream(), "--workspace", root.toString(), "--prompt", "Go on",
                "--conversation", "c-42", "--json", "--base-url", base, "--model", "m");

        assertEquals(1, status);
        assertTrue(stderr().contains("refused: no conversation with id 'c-42'"), stderr());
        assertEquals("", stdout());
        assertTrue(servers.get(0).requests().isEmpty(), "no model call was made");
    }

    private String usage(String... args) {
        UsageException e = assertThrows(UsageException.class, () -> command(InputStream.nullInputStream())
                .run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8)));
        return e.getMessage();
    }

    private String serve(OpenAiScript script) throws Exception {
        ReplayServer server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        servers.add(server);
        return server.baseUrl() + "/v1";
    }

    private RunCommand command(InputStream stdin) {
        return new RunCommand(stdin, new RunCommand.Terminal() {
            @Override
            public boolean interactive() {
                return false;
            }

            @Override
            public Runnable onInterrupt(Runnable cancel) {
                interrupt.set(cancel);
                return () -> { };
            }
        });
    }

    private int run(InputStream stdin, String... args) {
        try {
            return command(stdin).run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
        } catch (UsageException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private List<JsonNode> events() throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String line : stdout().split("\n")) {
            if (!line.isEmpty()) {
                events.add(JSON.readTree(line));
            }
        }
        return events;
    }

    private JsonNode only(String type) throws Exception {
        List<JsonNode> matching = events().stream().filter(e -> e.get("type").asText().equals(type)).toList();
        assertEquals(1, matching.size(), type + " in " + stdout());
        return matching.get(0);
    }
}
