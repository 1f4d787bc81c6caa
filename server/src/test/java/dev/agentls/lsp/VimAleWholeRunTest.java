package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run in Vim 9 with ALE, headless, with {@code editors/vim/agentls.vim} as written, against
 * a replay model on loopback ({@code vim/whole-run-openai.jsonl}): the user types an
 * {@code @agent} line into Greeter.java (unsaved) and runs it with {@code :Agent}; the model reads Greeter.java, edits
 * it and README.md (not open), asks to run a command, which the user approves with {@code :AgentApprove} (ALE has no
 * message buttons: the run waits, shown by a Warning diagnostic and a message), and finishes. The command is the
 * project's check (compiles the sources and prints how Greeter greets a padded and a blank name); Vim saves the
 * buffers the run changed before it runs, so its output shows the fixed code. See {@code vim/whole-run.vim}.
 */
@Tag("slow")
class VimAleWholeRunTest {

    static final String README = "README.md";
    static final String INSTRUCTION = "    // @agent greet blank names as Guest and say so in the README";
    static final String SUMMARY = "Blank names are greeted as Guest; the README says so.";
    static final String CHECK = "src/test/java/demo/GreeterCheck.java";
    static final String COMMAND = "javac -d build src/main/java/demo/*.java " + CHECK
            + " && java -cp build demo.GreeterCheck";

    @TempDir
    Path temp;

    Path root;
    final ExecutorService connections = Executors.newCachedThreadPool();
    ReplayServer model;

    @BeforeEach
    void copyWorkspace() throws Exception {
        HeadlessEditor.require("Vim with ALE", "AGENTLS_REQUIRE_VIM",
                List.of("vim", "-N", "-u", "NONE", "-i", "NONE", "-es", "-c", "packadd ale", "-c", "qall!"));
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        // The project's own check of Greeter, which the model's command compiles and runs.
        Files.createDirectories(root.resolve(CHECK).getParent());
        Files.writeString(root.resolve(CHECK), """
                package demo;

                /** Prints how Greeter greets a padded name and a blank one, in brackets. */
                public class GreeterCheck {
                    public static void main(String[] args) {
                        Greeter greeter = new Greeter("Hello");
                        System.out.println("[" + greeter.greet("  Grace ") + "]");
                        System.out.println("[" + greeter.greet(" ") + "]");
                    }
                }
                """);
    }

    @AfterEach
    void stopModel() throws Exception {
        connections.shutdownNow();
        if (model != null) {
            model.close();
        }
    }

    /** Serves {@code vim/whole-run-openai.jsonl} on a free loopback port; gives its base URL. */
    private String startReplayModel() throws Exception {
        Path script = temp.resolve("whole-run-openai.jsonl");
        try (var in = getClass().getResourceAsStream("/vim/whole-run-openai.jsonl")) {
            Files.write(script, in.readAllBytes());
        }
        model = ReplayServer.start(new TranscriptReader().read(script), 0, connections, line -> { });
        return model.baseUrl().toString();
    }

    private HeadlessEditor.Outcome run() throws Exception {
        return run("/vim/whole-run.vim", startReplayModel());
    }

    private HeadlessEditor.Outcome run(String driver, String baseUrl) throws Exception {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("setup", HeadlessEditor.setup("vim").resolve("agentls.vim").toString());
        params.put("server_cmd", HeadlessEditor.serverScript(temp).toString());
        params.put("root", root.toString());
        params.put("settings", Map.of("llm", Map.of("baseUrl", baseUrl + "/v1", "model", "replay-vim",
                "apiKeyEnv", "AGENTLS_VIM_TEST_NO_KEY")));
        params.put("file", root.resolve(NeovimEndToEndTest.GREETER).toString());
        params.put("readme", root.resolve(README).toString());
        params.put("instruction", INSTRUCTION);
        return HeadlessEditor.run(driver,
                List.of("vim", "-N", "-u", "NONE", "-i", "NONE", "-n", "-es", "-S", "{driver}"),
                "AGENTLS_VIM_PARAMS", params, temp);
    }

    @Test
    void anAgentLineRunsToTheEndInVimWithItsEditsInUnsavedBuffersOneApprovalAndUndo() throws Exception {
        String greeterDisk = Files.readString(root.resolve(NeovimEndToEndTest.GREETER));
        String readmeDisk = Files.readString(root.resolve(README));

        HeadlessEditor.Outcome outcome = run();

        assertNull(outcome.text("failure"), outcome.describe());
        assertEquals(0, outcome.exitCode(), outcome.describe());
        String before = outcome.text("before");
        assertEquals(greeterDisk.replace("    public String greet(", INSTRUCTION + "\n    public String greet("),
                before, "the user's unsaved typing");
        // Before the run, the line the user wrote is marked as an instruction.
        assertTrue(outcome.report().getAsJsonArray("instruction_diagnostics").toString().contains(
                "AgentLS instruction: run it with a code action (run, plan first, ask)"), outcome.describe());
        JsonObject started = outcome.report().getAsJsonObject("started").getAsJsonObject("result");
        assertEquals("1", started.get("runId").getAsString(), outcome.describe());
        // Every request answers at once (the set-up times each one); the run waits for the person, no command does.
        List<String> answered = new ArrayList<>();
        for (JsonElement timed : outcome.report().getAsJsonArray("answer_times")) {
            String request = timed.getAsJsonObject().get("request").getAsString();
            long millis = timed.getAsJsonObject().get("ms").getAsLong();
            assertTrue(millis < 2000, request + " was answered in " + millis + " ms: " + outcome.describe());
            answered.add(request);
        }
        assertEquals(List.of("textDocument/codeAction", "agentls.run", "agentls.approve"), answered);
        assertTrue(outcome.report().getAsJsonObject("approved").getAsJsonObject("result").get("answered")
                .getAsBoolean(), outcome.describe());

        // While waiting: a Warning diagnostic on the instruction line, and a message saying how to answer.
        int instructionLine = before.lines().toList().indexOf(INSTRUCTION) + 1;
        List<JsonObject> warnings = new ArrayList<>();
        for (JsonElement diagnostic : outcome.report().getAsJsonArray("waiting_diagnostics")) {
            if (diagnostic.getAsJsonObject().get("text").getAsString().contains("waits for your approval")) {
                warnings.add(diagnostic.getAsJsonObject());
            }
        }
        assertEquals(1, warnings.size(), outcome.describe());
        assertEquals(instructionLine, warnings.get(0).get("lnum").getAsInt());
        assertEquals("AgentLS #1 waits for your approval to run `" + COMMAND + "`: Approve or Deny with a code"
                + " action here", warnings.get(0).get("text").getAsString());
        List<String> messages = new ArrayList<>();
        outcome.report().getAsJsonArray("messages").forEach(message -> messages.add(message.getAsString()));
        assertTrue(messages.contains("AgentLS #1 waits for your approval to run `" + COMMAND + "`: run the"
                + " command agentls.approve or agentls.deny with {\"runId\": \"1\"}"), messages.toString());
        assertTrue(messages.contains("AgentLS #1: approved"), messages.toString());
        assertTrue(messages.contains("AgentLS: saved before the command: " + NeovimEndToEndTest.GREETER + ", "
                + README), messages.toString());
        assertTrue(outcome.text("finished").startsWith("AgentLS #1 finished (completed): "), outcome.describe());

        // The edits are in the buffers: the open one after the user's typing, the other loaded hidden; Vim saved both
        // before the command, and the done mark came after, unsaved.
        String after = outcome.text("after");
        assertEquals(before.replace(INSTRUCTION, "    // @agent-done #1 " + SUMMARY)
                .replace("        return greeting + \", \" + name + \"!\";",
                        "        String shown = name == null || name.isBlank() ? \"Guest\" : name.strip();\n"
                                + "        return greeting + \", \" + shown + \"!\";"), after, outcome.describe());
        assertEquals(1, outcome.report().get("modified").getAsInt());
        assertEquals(1, outcome.report().get("readme_loaded").getAsInt(), outcome.describe());
        assertEquals(readmeDisk.replace("A tiny project the AgentLS demo and tests edit.\n",
                "A tiny project the AgentLS demo and tests edit.\n\nBlank names are greeted as \"Guest\".\n"),
                outcome.text("readme_after"), outcome.describe());
        assertEquals(0, outcome.report().get("readme_modified").getAsInt(), "saved before the command");
        assertEquals(after.replace("    // @agent-done #1 " + SUMMARY, INSTRUCTION),
                Files.readString(root.resolve(NeovimEndToEndTest.GREETER)), "the user's typing and the edit, saved");
        assertEquals(outcome.text("readme_after"), Files.readString(root.resolve(README)));

        // The transcript was written and opened in a split; the user stays in their file.
        Path transcript = root.resolve(".agentls/runs/1.md");
        String written = Files.readString(transcript);
        assertTrue(written.contains(COMMAND), written);
        assertTrue(written.contains("Saved in the editor before the command ran: " + NeovimEndToEndTest.GREETER
                + ", " + README + "."), written);
        // The command's output, in the model's next request, shows the fixed greet() ran; before the fix it printed
        // "[Hello,   Grace !]" and "[Hello,  !]".
        String afterCommand = model.requests().get(4).body();
        assertTrue(afterCommand.contains("Exit code 0.") && afterCommand.contains("[Hello, Grace!]\\n[Hello, Guest!]"),
                afterCommand);
        assertFalse(afterCommand.contains("[Hello,  "), "the old greet() did not run: " + afterCommand);
        List<String> windows = new ArrayList<>();
        outcome.report().getAsJsonArray("windows").forEach(window -> windows.add(window.getAsString()));
        assertTrue(windows.contains(transcript.toString()), windows.toString());
        assertEquals(root.resolve(NeovimEndToEndTest.GREETER).toString(), outcome.text("current"));

        // Nothing reported applied that the buffers do not show: every line the run's diff adds is in its buffer.
        String diff = Files.readString(root.resolve(".agentls/runs/1.diff"));
        Map<String, String> buffers = Map.of(NeovimEndToEndTest.GREETER, after, README, outcome.text("readme_after"));
        String file = null;
        int added = 0;
        for (String line : diff.lines().toList()) {
            if (line.startsWith("+++ ")) {
                file = line.substring(4).replaceFirst("^b/", "");
            } else if (line.startsWith("+") && file != null) {
                assertTrue(buffers.get(file).lines().anyMatch(line.substring(1)::equals),
                        "the diff adds to " + file + " a line its buffer does not show: " + line + "\n" + diff);
                added++;
            }
        }
        assertTrue(added >= 3, diff);

        // Undo: two steps in Greeter.java (the run's edit, the done line), one in README.md, back to before the run.
        assertEquals(2, outcome.report().get("undo_steps").getAsInt(), outcome.describe());
        assertEquals(before, outcome.text("after_undo"));
        assertEquals(1, outcome.report().get("readme_undo_steps").getAsInt(), outcome.describe());
        assertEquals(readmeDisk, outcome.text("readme_after_undo"));

        model.allServed().get(10, TimeUnit.SECONDS);
        assertEquals(5, model.requests().size());
    }

    @Test
    void agentOnALineWithoutAnInstructionSaysSoAndApproveWithNoRunIsAnErrorAndNothingStarts() throws Exception {
        String disk = Files.readString(root.resolve(NeovimEndToEndTest.GREETER));

        // No model: nothing may reach one (the base URL is a closed loopback port).
        HeadlessEditor.Outcome outcome = run("/vim/no-instruction.vim", "http://127.0.0.1:9");

        assertNull(outcome.text("failure"), outcome.describe());
        assertEquals("AgentLS: no run to answer; start one with :Agent", outcome.text("approve_error"));
        assertEquals("AgentLS: line 1 holds no @agent instruction; write one, or :Agent <instruction>",
                outcome.text("message"), outcome.describe());
        assertEquals(disk, outcome.text("text"));
        assertEquals(0, outcome.report().get("modified").getAsInt());
        assertTrue(Files.notExists(root.resolve(".agentls/runs")), "no run was started");
    }
}
