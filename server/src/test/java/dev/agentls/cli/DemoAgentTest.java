package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's sequence, as {@code scripts/demo} runs it: {@code agentls run} on a temp copy of test-workspaces/demo
 * with the prompt of {@code scripts/demo-model/stats-task.prompt}, against the bundled replay transcript, with the
 * approvals the script gives the replay ({@code --approve all}).
 */
@Tag("slow")
class DemoAgentTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path MODEL = ApplyCommandTest.REPO.resolve("scripts/demo-model");

    @TempDir
    Path temp;

    @Test
    void theDemoTaskRunsEveryToolCorrectsItsFailedEditPassesTheTestsAndLeavesTheExpectedFiles() throws Exception {
        assumeTrue(onPath("python3"), "the demo's tests are Python: python3 is needed");
        Path root = TestWorkspace.copy("demo", temp);
        String stats = Files.readString(root.resolve("scripts/stats.py"));
        String tests = Files.readString(root.resolve("scripts/test_stats.py"));
        ExecutorService threads = Executors.newCachedThreadPool();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (ReplayServer server = ReplayServer.start(new TranscriptReader().read(
                MODEL.resolve("stats-task-openai.jsonl")), 0, threads, line -> { })) {
            status = new RunCommand(InputStream.nullInputStream(), RunCommandTests.notATerminal()).run(new String[] {
                    "--workspace", root.toString(), "--prompt",
                    Files.readString(MODEL.resolve("stats-task.prompt")).strip(), "--json", "--approve", "all",
                    "--base-url", server.baseUrl() + "/v1", "--model", "replay-demo"},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                            StandardCharsets.UTF_8));
            assertEquals(8, server.requests().size(), "every scripted answer was asked for");
        } finally {
            threads.shutdownNow();
        }

        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        List<JsonNode> events = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            events.add(JSON.readTree(line));
        }
        List<String> calls = new ArrayList<>();
        List<JsonNode> results = new ArrayList<>();
        for (JsonNode event : events) {
            if (event.get("type").asText().equals("tool_result")) {
                calls.add(event.get("name").asText() + (event.get("ok").asBoolean() ? "" : " (failed)"));
                results.add(event);
            }
        }
        assertEquals(List.of("list_dir", "grep_search", "read_file", "replace_in_file (failed)", "replace_in_file",
                "edit_file", "execute_command", "attempt_completion"), calls);
        String failure = results.get(3).get("text").asText();
        assertTrue(failure.contains("scripts/stats.py: SEARCH block 1 not found; closest: lines 13-14, 83 percent similar"),
                failure);
        assertTrue(results.get(1).get("text").asText().contains("scripts/stats.py"), results.get(1).toString());
        String testRun = results.get(6).get("text").asText();
        assertTrue(testRun.contains("Exit code 0"), testRun);
        assertTrue(testRun.contains("Ran 4 tests"), testRun);
        assertTrue(testRun.contains("test_spread_of_no_values_is_a_clear_error"), testRun);
        JsonNode finished = events.get(events.size() - 1);
        assertEquals("completed", finished.get("status").asText());
        assertEquals(2, events.stream().filter(e -> e.get("type").asText().equals("edit_applied")).count());

        assertEquals(stats.replace("    def spread(self):\n",
                "    def spread(self):\n        if not self.values:\n            raise ValueError(\"no values\")\n"),
                Files.readString(root.resolve("scripts/stats.py")));
        assertEquals(tests.replace("    def test_summarize(self):\n",
                "    def test_spread_of_no_values_is_a_clear_error(self):\n"
                        + "        with self.assertRaisesRegex(ValueError, \"no values\"):\n"
                        + "            Stats([]).spread()\n\n"
                        + "    def test_summarize(self):\n"), Files.readString(root.resolve("scripts/test_stats.py")));
        assertFalse(Files.exists(root.resolve("scripts/__pycache__")), "the test command writes no byte code");
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
