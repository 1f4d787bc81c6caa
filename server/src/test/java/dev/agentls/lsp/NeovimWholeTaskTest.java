package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.agentls.testing.AgentProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole task in Debian's Neovim 0.7, headless, with the README's set-up (which loads {@code editors/nvim} as
 * written) against {@code agentls replay-model} on loopback ({@code nvim/whole-task-openai.jsonl}): the user types an
 * {@code @agent} line in Greeter.java without saving and runs it (by code action, or by {@code :Agent}); the model
 * reads, edits that open buffer and Main.java (not open), asks to run a command, which the person allows once in
 * Neovim's choice, and finishes. Checked from what Neovim shows: the edits in the buffers, saved by Neovim before
 * the command (named in the approval and the command's result),
 * the {@code @agent-done} line, the transcript written and opened in a split, undo back to the user's text, every
 * edit the server reported applied visible in its buffer, and every request answered within 2 s.
 */
@Tag("slow")
class NeovimWholeTaskTest {

    static final String GREETER = "src/main/java/demo/Greeter.java";
    static final String MAIN = "src/main/java/demo/Main.java";
    static final String INSTRUCTION = "    // @agent trim names before greeting, and greet Grace too in Main";
    static final String SUMMARY = "Names are trimmed before greeting; Main greets Grace too.";
    /** The project's test: compiles the sources and runs Main, which prints its greetings. */
    static final String COMMAND = "javac -d build src/main/java/demo/*.java && java -cp build demo.Main";
    static final long LONGEST_ANSWER_MS = 2000;

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    Path root;

    @BeforeEach
    void copyWorkspace() throws Exception {
        NeovimDriver.requireNeovim();
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
    }

    @Test
    void anAgentLineRunByItsCodeActionEditsTwoBuffersAsksOnceAndEndsDoneWithItsTranscript() throws Exception {
        JsonObject report = runTask("code_action");

        JsonObject menu = report.getAsJsonArray("asked").get(0).getAsJsonObject();
        assertEquals("Code actions:", menu.get("prompt").getAsString());
        assertEquals(List.of("AgentLS: run", "AgentLS: plan first", "AgentLS: ask (read-only)"), strings(menu, "titles"));
        checkWholeTask(report, 1);
    }

    @Test
    void anAgentLineRunByTheAgentCommandDoesTheSameTask() throws Exception {
        JsonObject report = runTask("Agent");

        checkWholeTask(report, 0);
    }

    private JsonObject runTask(String how) throws Exception {
        return NeovimTaskRun.run(agents, temp, root, how, Map.of("approval_choice", "Allow once"));
    }

    private void checkWholeTask(JsonObject report, int menusBefore) throws Exception {
        String greeterDisk = Files.readString(LspFixture.repoRoot().resolve("test-workspaces/demo").resolve(GREETER));
        String mainDisk = Files.readString(LspFixture.repoRoot().resolve("test-workspaces/demo").resolve(MAIN));

        // The run as the server told it: read, two edits, one approval, completed.
        List<JsonObject> events = objects(report, "events");
        List<String> types = events.stream().map(e -> e.get("type").getAsString()).toList();
        assertEquals("run_started", types.get(0), types.toString());
        assertEquals("run_finished", types.get(types.size() - 1), types.toString());
        JsonObject finished = events.get(events.size() - 1);
        assertEquals("completed", finished.get("status").getAsString());
        assertEquals(List.of("read_file", "replace_in_file", "replace_in_file", "execute_command",
                "attempt_completion"), events.stream().filter(e -> e.get("type").getAsString().equals("tool_call"))
                .map(e -> e.get("name").getAsString()).toList());
        assertEquals(1, types.stream().filter("approval_requested"::equals).count(), types.toString());

        // The person was asked once, with the command in the message and the four answers.
        JsonObject approval = report.getAsJsonArray("asked").get(menusBefore).getAsJsonObject();
        assertTrue(approval.get("prompt").getAsString().startsWith("AgentLS #1: "), approval.toString());
        assertTrue(approval.get("prompt").getAsString().contains(COMMAND), approval.toString());
        assertEquals(List.of("Allow once", "Allow for this run", "Always allow \"" + COMMAND.substring(0, 57) + "...\"",
                "Deny"), strings(approval, "titles"));
        assertEquals(menusBefore + 1, report.getAsJsonArray("asked").size(), report.get("asked").toString());
        JsonObject commandResult = events.stream().filter(e -> e.get("type").getAsString().equals("tool_result")
                && e.get("name").getAsString().equals("execute_command")).findFirst().orElseThrow();
        assertTrue(commandResult.get("ok").getAsBoolean(), commandResult.toString());
        // The command tested the fixed code: Main's new name, padded, greeted trimmed ("Hello,   Grace !" before).
        assertTrue(commandResult.get("text").getAsString().contains("Exit code 0.\nHello, Ada!\nHello, Linus!\n"
                + "Hello, Grace!"), commandResult.toString());

        // The buffers: both edited and unsaved, the open one with the user's line now marked done; disk unchanged.
        String beforeRun = report.get("before_run").getAsString();
        assertEquals(greeterDisk.replace("    public String greet(String name) {\n",
                INSTRUCTION + "\n    public String greet(String name) {\n"), beforeRun);
        JsonObject buffers = report.getAsJsonObject("buffers");
        JsonObject greeter = buffers.getAsJsonObject(root.resolve(GREETER).toString());
        assertEquals(beforeRun.replace(INSTRUCTION, "    // @agent-done #1 " + SUMMARY)
                .replace("name + \"!\"", "name.strip() + \"!\""), greeter.get("text").getAsString());
        assertTrue(greeter.get("modified").getAsBoolean(), "the @agent-done mark came after the save");
        JsonObject main = buffers.getAsJsonObject(root.resolve(MAIN).toString());
        assertEquals(mainDisk.replace("List.of(\"Ada\", \"Linus\")", "List.of(\"Ada\", \"Linus\", \"  Grace \")"),
                main.get("text").getAsString());
        // Before the command ran, Neovim saved both changed buffers (the hidden one too), so the command saw the
        // model's edits: the disk holds the user's typing plus the edits, the done mark after it unsaved.
        assertTrue(commandResult.get("text").getAsString().startsWith("Saved in the editor before the command ran: "
                + GREETER + ", " + MAIN + "."), commandResult.toString());
        assertTrue(approval.get("prompt").getAsString().contains("Before it runs, the editor saves the files this run"
                + " changed: " + GREETER + ", " + MAIN + "."), approval.toString());
        assertFalse(main.get("modified").getAsBoolean(), "Neovim saved the file it loaded for the edit");
        assertEquals(greeter.get("text").getAsString().replace("    // @agent-done #1 " + SUMMARY, INSTRUCTION),
                Files.readString(root.resolve(GREETER)));
        assertEquals(main.get("text").getAsString(), Files.readString(root.resolve(MAIN)));

        // No edit reported applied that its buffer does not show: every edit_applied file's added lines in the
        // run's diff are in that file's buffer, and the diff names exactly those files.
        Map<String, List<String>> added = addedLines(Files.readString(root.resolve(".agentls/runs/1.diff")));
        Set<String> applied = new LinkedHashSet<>();
        events.stream().filter(e -> e.get("type").getAsString().equals("edit_applied"))
                .forEach(e -> applied.add(e.get("file").getAsString()));
        assertEquals(Set.of(GREETER, MAIN), applied);
        assertEquals(applied, added.keySet());
        for (String file : applied) {
            String buffer = buffers.getAsJsonObject(root.resolve(file).toString()).get("text").getAsString();
            for (String line : added.get(file)) {
                assertTrue(buffer.contains(line + "\n"), file + " was reported applied but its buffer lacks: " + line);
            }
        }

        // The transcript: written, holding the request, the approval and the end, and opened in a split below
        // while the cursor stayed in the user's window.
        String transcript = Files.readString(root.resolve(".agentls/runs/1.md"));
        assertTrue(transcript.contains("trim names before greeting, and greet Grace too in Main"), transcript);
        assertTrue(transcript.contains(COMMAND), transcript);
        assertTrue(transcript.contains("AgentLS #1 finished (completed): +2 -2 in 2 files"), transcript);
        assertTrue(strings(report, "windows").contains(root.resolve(".agentls/runs/1.md").toString()),
                report.get("windows").toString());
        assertEquals(root.resolve(GREETER).toString(), report.get("current_window_file").getAsString());
        assertEquals(List.of(root.resolve(GREETER).toString(), root.resolve(".agentls/runs/1.md").toString()),
                strings(report, "windows_after_transcript_command"), ":Agent transcript opens it again");

        // The echo area: progress, the wait for the person, the end.
        List<String> echoes = strings(report, "echoes");
        assertEquals("AgentLS #1: started (direct)", echoes.get(0), echoes.toString());
        assertTrue(echoes.contains("AgentLS #1: editing " + GREETER), echoes.toString());
        assertTrue(echoes.contains("AgentLS #1 changed " + MAIN + " (+1 -1)"), echoes.toString());
        // The echo area is one line: a long command is cut to fit.
        assertTrue(echoes.contains("AgentLS #1 waits for you (:Agent approve|deny): " + COMMAND.substring(0, 17)
                + "..."), echoes.toString());
        assertTrue(echoes.stream().anyMatch(e -> e.startsWith("AgentLS #1 finished (completed): +2 -2 in 2 files")),
                echoes.toString());
        // window/showMessage milestones (batched, at most one a second), which Neovim prints.
        List<String> milestones = strings(report, "messages").stream().flatMap(String::lines).toList();
        assertTrue(milestones.contains("AgentLS #1 waits for you: Run this command? " + COMMAND),
                milestones.toString());
        assertTrue(milestones.contains("AgentLS #1 finished (completed): +2 -2 in 2 files; 15000 tokens in, 250 out. "
                + SUMMARY), milestones.toString());

        // Undo takes each buffer back to the user's text.
        JsonObject undo = report.getAsJsonObject("undo");
        JsonObject greeterUndo = undo.getAsJsonObject(root.resolve(GREETER).toString());
        assertTrue(greeterUndo.get("restored").getAsBoolean(), undo.toString());
        assertEquals(2, greeterUndo.get("steps").getAsInt(), "the @agent-done mark, then the agent's edit: " + undo);
        JsonObject mainUndo = undo.getAsJsonObject(root.resolve(MAIN).toString());
        assertTrue(mainUndo.get("restored").getAsBoolean(), undo.toString());
        assertEquals(1, mainUndo.get("steps").getAsInt(), "one undo per file per step");

        // A bad request from the person: a clear error, nothing touched.
        JsonObject bad = report.getAsJsonObject("bad_approve");
        assertEquals("agentls.approve", bad.get("command").getAsString());
        assertEquals("agentls.approve: run '1' is not waiting for an answer", bad.get("error").getAsString());
        assertEquals("AgentLS: agentls.approve: run '1' is not waiting for an answer", echoes.get(echoes.size() - 1));

        // Every request Neovim sent was answered, each within 2 s (the person answered in Neovim at once, so no
        // request waited on them).
        List<JsonObject> requests = objects(report, "requests");
        for (JsonObject request : requests) {
            assertTrue(request.has("ms"), "never answered: " + request);
            assertTrue(request.get("ms").getAsDouble() < LONGEST_ANSWER_MS, "slower than 2 s: " + request);
        }
        JsonObject slowest = requests.stream().max((a, b) -> Double.compare(a.get("ms").getAsDouble(),
                b.get("ms").getAsDouble())).orElseThrow();
        System.out.printf("NeovimWholeTaskTest: %d requests timed in Neovim, slowest %.1f ms (%s %s)%n",
                requests.size(), slowest.get("ms").getAsDouble(), slowest.get("method").getAsString(),
                slowest.has("command") ? slowest.get("command").getAsString() : "");
    }

    /** The added lines of a unified diff, by file ({@code +++ b/<file>}). */
    static Map<String, List<String>> addedLines(String diff) {
        Map<String, List<String>> added = new LinkedHashMap<>();
        String file = null;
        for (String line : diff.split("\n", -1)) {
            if (line.startsWith("+++ ")) {
                file = line.substring(4).replaceFirst("^b/", "");
                added.computeIfAbsent(file, f -> new ArrayList<>());
            } else if (file != null && line.startsWith("+")) {
                added.get(file).add(line.substring(1));
            }
        }
        return added;
    }

    static List<JsonObject> objects(JsonObject report, String key) {
        List<JsonObject> list = new ArrayList<>();
        if (report.has(key) && report.get(key).isJsonArray()) {
            report.getAsJsonArray(key).forEach(e -> list.add(e.getAsJsonObject()));
        }
        return list;
    }

    static List<String> strings(JsonObject object, String key) {
        List<String> list = new ArrayList<>();
        if (object.has(key) && object.get(key).isJsonArray()) {
            for (JsonElement e : object.getAsJsonArray(key)) {
                list.add(e.getAsString());
            }
        }
        return list;
    }

}
