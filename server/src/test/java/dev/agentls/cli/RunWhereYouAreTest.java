package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.session.McpWiring;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} started inside a git checkout with no {@code --workspace}: the workspace is the checkout's
 * root; the prompt is the words, {@code -p TEXT} or standard input ({@code -p -}, bounded); {@code -c} goes on with
 * the newest conversation. Against a scripted model on loopback.
 */
class RunWhereYouAreTest {

    @TempDir
    Path temp;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<ReplayServer> servers = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private Path root;
    private Path sub;

    @BeforeEach
    void checkout() throws Exception {
        root = TestWorkspace.copy("demo", temp);
        Files.createDirectories(root.resolve(".git"));
        sub = Files.createDirectories(root.resolve("src/main"));
    }

    @AfterEach
    void stop() throws Exception {
        for (ReplayServer server : servers) {
            server.close();
        }
        threads.shutdownNow();
    }

    private String serve(OpenAiScript script) throws Exception {
        ReplayServer server = ReplayServer.start(script.transcript(), 0, threads, line -> { });
        servers.add(server);
        return server.baseUrl() + "/v1";
    }

    private int run(InputStream stdin, String... args) throws UsageException {
        out.reset();
        err.reset();
        RunCommand command = new RunCommand(stdin, RunCommandTests.notATerminal(),
                new McpWiring(temp.resolve("home"), Map.of(), new PrintStream(err, true, StandardCharsets.UTF_8)),
                new RunContext(sub, Map.of(), Optional.empty()));
        return command.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static OpenAiScript done(String result) {
        return new OpenAiScript().answer("", "attempt_completion", arguments("result", result));
    }

    @Test
    void theWorkspaceIsTheGitRootOfTheCurrentFolderAndThePromptTheWords() throws Exception {
        String base = serve(done("Checked."));
        assertEquals(0, run(InputStream.nullInputStream(), "--json", "--approve", "deny", "--base-url", base,
                "--model", "m", "check", "the", "greeter"), err.toString(StandardCharsets.UTF_8));
        String request = servers.get(0).requests().get(0).body();
        assertTrue(request.contains("check the greeter"), request);
        assertTrue(Files.isDirectory(root.resolve(".agentls/conversations")), "the conversation is kept at the root");
        assertTrue(!Files.exists(sub.resolve(".agentls")), "nothing is kept in the current folder");
    }

    @Test
    void aPromptOnStandardInputIsReadWithPDash() throws Exception {
        String base = serve(done("Read."));
        InputStream stdin = new ByteArrayInputStream("explain the build\nin two lines\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(0, run(stdin, "--json", "--approve", "deny", "--base-url", base, "--model", "m", "-p", "-"));
        assertTrue(servers.get(0).requests().get(0).body().contains("explain the build\\nin two lines"),
                servers.get(0).requests().get(0).body());
    }

    @Test
    void aTenMegabytePromptOnStandardInputIsRefusedBeforeAnyCall() throws Exception {
        String base = serve(done("never"));
        byte[] huge = new byte[10 * 1024 * 1024];
        Arrays.fill(huge, (byte) 'a');
        UsageException e = assertThrows(UsageException.class, () -> run(new ByteArrayInputStream(huge), "--json",
                "--base-url", base, "--model", "m", "-p", "-"));
        assertTrue(e.getMessage().startsWith("the prompt on standard input is larger than 1024 KiB; nothing was"
                + " sent."), e.getMessage());
        assertTrue(servers.get(0).requests().isEmpty(), "no model call");
        assertTrue(!Files.exists(root.resolve(".agentls")), "no conversation was made");
    }

    @Test
    void continueGoesOnWithTheNewestConversation() throws Exception {
        String first = serve(done("Noted."));
        assertEquals(0, run(InputStream.nullInputStream(), "--json", "--approve", "deny", "--base-url", first,
                "--model", "m", "remember the word kumquat"));
        String second = serve(done("kumquat"));
        assertEquals(0, run(InputStream.nullInputStream(), "--json", "--approve", "deny", "--base-url", second,
                "--model", "m", "-c", "which word?"));
        String request = servers.get(1).requests().get(0).body();
        assertTrue(request.contains("remember the word kumquat") && request.contains("which word?"), request);
    }

    @Test
    void continueWithNoConversationYetSaysSoAndStartsOne() throws Exception {
        String base = serve(done("Hi."));
        assertEquals(0, run(InputStream.nullInputStream(), "--json", "--approve", "deny", "--base-url", base,
                "--model", "m", "-c", "hello"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("no conversation to continue in " + root
                + "; starting a new one"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void maxCostForAnUnpricedModelIsRefusedBeforeAnyCall() throws Exception {
        String base = serve(done("never"));
        assertEquals(RunCommand.FAILED, run(InputStream.nullInputStream(), "--json", "--base-url", base, "--model",
                "my-local-llama", "--max-cost", "0.50", "hello"));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertTrue(stderr.startsWith("agentls run: refused: --max-cost 0.50 cannot be kept: the model"
                + " 'my-local-llama' has no price"), stderr);
        assertTrue(stderr.contains("or bound the run with --max-tokens instead"), stderr);
        assertTrue(servers.get(0).requests().isEmpty(), "no model call");
    }

    @Test
    void aBuiltInPricedModelIsCountedWithNoPriceTableInTheSettings() throws Exception {
        String base = serve(new OpenAiScript().answer("", "attempt_completion", arguments("result", "ok")));
        assertEquals(0, run(InputStream.nullInputStream(), "--json", "--approve", "deny", "--base-url", base,
                "--model", "gpt-4o", "--max-cost", "0.50", "hello"), err.toString(StandardCharsets.UTF_8));
        String usage = out.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("\"token_usage\""))
                .findFirst().orElseThrow();
        // The script's call used 100 input and 20 output tokens: at gpt-4o's $2.50 / $10 per million, $0.00045.
        assertTrue(usage.contains("\"cost\":\"0.00045\""), usage);
        assertTrue(usage.contains("\"budgetUsed\":9.0E-4"), usage);
    }
}
