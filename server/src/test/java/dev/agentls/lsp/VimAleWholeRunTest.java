package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run in Vim 9 with ALE, headless, with {@code editors/vim/agentls.vim} as written, against
 * {@code agentls replay-model} on loopback replaying {@code vim/whole-run-openai.jsonl}: the user types an
 * {@code @agent} line into Greeter.java (unsaved) and runs it with {@code :Agent}; the model reads Greeter.java, edits
 * it and README.md (not open), asks to run a command, which the user approves with {@code :AgentApprove} (ALE has no
 * message buttons: the run waits, shown by a Warning diagnostic and a message), and finishes. See
 * {@code vim/whole-run.vim} for the driver.
 */
@Tag("slow")
class VimAleWholeRunTest {

    static final String README = "README.md";
    static final String INSTRUCTION = "    // @agent greet blank names as Guest and say so in the README";
    static final String SUMMARY = "Blank names are greeted as Guest; the README says so.";

    @TempDir
    Path temp;

    Path root;
    Process model;
    final StringBuilder modelOutput = new StringBuilder();

    @BeforeEach
    void copyWorkspace() throws Exception {
        HeadlessEditor.require("Vim with ALE", "AGENTLS_REQUIRE_VIM",
                List.of("vim", "-N", "-u", "NONE", "-i", "NONE", "-es", "-c", "packadd ale", "-c", "qall!"));
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
    }

    @AfterEach
    void stopModel() {
        if (model != null) {
            model.destroyForcibly();
        }
    }

    /** Starts {@code agentls replay-model} on a free loopback port; gives its base URL. */
    private String startReplayModel() throws Exception {
        Path script = temp.resolve("whole-run-openai.jsonl");
        try (var in = getClass().getResourceAsStream("/vim/whole-run-openai.jsonl")) {
            Files.write(script, in.readAllBytes());
        }
        List<String> command = new ArrayList<>(NeovimDriver.serverCommand());
        command.remove(command.size() - 1);
        command.addAll(List.of("replay-model", "--script", script.toString(), "--port", "0", "--once"));
        model = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(model.getInputStream(), StandardCharsets.UTF_8));
        Pattern listening = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)");
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            modelOutput.append(line).append('\n');
            Matcher found = listening.matcher(line);
            if (found.find()) {
                Thread reader = new Thread(() -> lines.lines().forEach(rest -> {
                    synchronized (modelOutput) {
                        modelOutput.append(rest).append('\n');
                    }
                }));
                reader.setDaemon(true);
                reader.start();
                return found.group(1);
            }
        }
        throw new AssertionError("replay-model never said where it listens:\n" + modelOutput);
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

        assertNull(outcome.text("failure"), outcome.describe() + "\nmodel:\n" + modelOutput);
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
        assertEquals("AgentLS #1 waits for your approval to run `echo greeter checked`: Approve or Deny with a code"
                + " action here", warnings.get(0).get("text").getAsString());
        List<String> messages = new ArrayList<>();
        outcome.report().getAsJsonArray("messages").forEach(message -> messages.add(message.getAsString()));
        assertTrue(messages.contains("AgentLS #1 waits for your approval to run `echo greeter checked`: run the"
                + " command agentls.approve or agentls.deny with {\"runId\": \"1\"}"), messages.toString());
        assertTrue(messages.contains("AgentLS #1: approved"), messages.toString());
        assertTrue(outcome.text("finished").startsWith("AgentLS #1 finished (completed): "), outcome.describe());

        // The edits are in the buffers, unsaved: the open one after the user's typing, the other loaded hidden.
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
        assertEquals(1, outcome.report().get("readme_modified").getAsInt());
        assertEquals(greeterDisk, Files.readString(root.resolve(NeovimEndToEndTest.GREETER)), "disk untouched");
        assertEquals(readmeDisk, Files.readString(root.resolve(README)), "disk untouched");

        // The transcript was written and opened in a split; the user stays in their file.
        Path transcript = root.resolve(".agentls/runs/1.md");
        String written = Files.readString(transcript);
        assertTrue(written.contains("echo greeter checked"), written);
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

        model.waitFor(10, TimeUnit.SECONDS);
        synchronized (modelOutput) {
            assertTrue(modelOutput.toString().contains("all 5 scripted responses served"), modelOutput.toString());
        }
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
