package dev.agentls.cli;

import static dev.agentls.cli.DemoGreeter.stripsNames;
import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.session.Workspace;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import dev.agentls.workspace.Checkpoint;
import dev.agentls.workspace.DocumentStore;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} through the session core, as an editor's runs go: transcripts and diffs under
 * {@code .agentls/runs/}, checkpoints another process can read, and one run at a time per conversation, across
 * processes. Child runs are real JVMs over OS pipes; the model is a scripted server on loopback.
 */
@Tag("slow")
class RunCommandSessionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GREETER = DemoGreeter.PATH;

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void writesEachRunsTranscriptAndDiffUnderAgentlsRunsNumberedAfterTheOnesThere() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);

        Result first = run(root, serve(stripsNames()), "--prompt", "Strip names");
        Result second = run(root, serve(new OpenAiScript().answer("Nothing more to do.")), "--prompt", "Anything?");

        assertEquals(0, first.status, first.err);
        assertEquals(0, second.status, second.err);
        Path runs = root.resolve(".agentls/runs");
        String transcript = Files.readString(runs.resolve("1.md"));
        assertTrue(transcript.contains("Strip names"), transcript);
        assertTrue(transcript.contains("replace_in_file"), transcript);
        String diff = Files.readString(runs.resolve("1.diff"));
        assertTrue(diff.contains("--- a/" + GREETER), diff);
        assertTrue(diff.contains("+        return greeting + \", \" + name.strip() + \"!\";"), diff);
        assertTrue(Files.readString(runs.resolve("2.md")).contains("Anything?"));
        assertEquals("", Files.readString(runs.resolve("2.diff")), "a run that changed nothing has an empty diff");
        assertEquals("1", first.events.get(0).get("runId").asText(), "runs are numbered as the editor's are");
        assertEquals("2", second.events.get(0).get("runId").asText());
    }

    @Test
    void checkpointsOfARunInAnotherProcessHoldTheFilesPreviousBytes() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        byte[] before = Files.readAllBytes(root.resolve(GREETER));
        String base = serve(stripsNames());

        AgentProcess child = start(root, base, "--prompt", "Strip names");
        child.closeInput();
        Ended ended = child.finish(Duration.ofSeconds(120));
        assertEquals(0, ended.status(), ended.stderr());
        assertTrue(Files.readString(root.resolve(GREETER)).contains("name.strip()"));

        // This JVM is not the one that ran: it reads what that process left on disk.
        List<Checkpoint> kept = Workspace.open(List.of(root), new DocumentStore(), agents.threads(), Clock.systemUTC(),
                () -> { }).checkpoints().list(null);
        assertEquals(1, kept.size(), kept.toString());
        Checkpoint.FileState state = kept.get(0).before().get(0);
        assertEquals(root.resolve(GREETER).toRealPath(), state.path().toRealPath());
        assertArrayEquals(before, state.bytes(), "the checkpoint holds the file's bytes before the edit");
    }

    @Test
    void refusesARunOnAConversationAnotherAgentlsRunIsStillRunning() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        Result started = run(root, serve(new OpenAiScript().answer("Hello.")), "--prompt", "Start");
        assertEquals(0, started.status, started.err);
        String conversation = started.events.get(0).get("conversationId").asText();
        String asking = agents.openAiBase(new OpenAiScript()
                .answer("", "ask_followup_question", arguments("question", "Which greeting?"))
                .answer("", "attempt_completion", arguments("result", "Greeted.")).transcript());

        try (AgentProcess busy = start(root, asking, "--prompt", "Greet", "--approve", "ask",
                "--conversation", conversation)) {
            busy.awaitStderr(shown -> shown.contains("Which greeting?"), Duration.ofSeconds(60));
            String file = Files.readString(root.resolve(".agentls/conversations/" + conversation + ".json"));
            ReplayServer unused = agents.model(new OpenAiScript().answer("Interleaved.").transcript());

            Result refused = run(root, unused.baseUrl() + "/v1", "--prompt", "Interleave", "--conversation",
                    conversation);

            assertEquals(RunCommand.FAILED, refused.status, refused.err);
            assertTrue(refused.err.contains("agentls run: refused: conversation '" + conversation
                    + "' has a run under way (in another process); cancel it or wait for its end"), refused.err);
            assertEquals(0, unused.requests().size(), "the refused run asked the model nothing");
            assertEquals(file, Files.readString(root.resolve(".agentls/conversations/" + conversation + ".json")));

            busy.type("Howdy\n");
            busy.closeInput();
            Ended first = busy.finish(Duration.ofSeconds(60));
            assertEquals(0, first.status(), first.stderr());
            Result after = run(root, serve(new OpenAiScript().answer("Free again.")), "--prompt", "Next",
                    "--conversation", conversation);
            assertEquals(0, after.status, "the conversation is free once the other process's run ended: "
                    + after.err);
        }
    }

    private record Result(int status, List<JsonNode> events, String err) {}

    private Result run(Path root, String base, String... more) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("--workspace", root.toString(), "--json", "--base-url", base,
                "--model", "m"));
        args.addAll(List.of(more));
        int status = new RunCommand(InputStream.nullInputStream(), RunCommandTests.notATerminal())
                .run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        List<JsonNode> events = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                events.add(JSON.readTree(line));
            }
        }
        return new Result(status, events, err.toString(StandardCharsets.UTF_8));
    }

    /** {@code agentls run} in a JVM of its own, its stdin a pipe this test holds. */
    private AgentProcess start(Path root, String base, String... more) throws Exception {
        return agents.agentls("run", "--workspace", root.toString(), "--json", "--base-url", base, "--model", "m")
                .args(more).start();
    }

    private String serve(OpenAiScript script) throws Exception {
        return agents.openAiBase(script.transcript());
    }
}
