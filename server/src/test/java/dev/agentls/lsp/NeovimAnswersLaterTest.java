package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.agentls.testing.AgentProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The person closes Neovim's approval choice without picking (Esc): the run keeps waiting, its {@code @agent} line
 * shows a Warning, and {@code :Agent deny} or {@code :Agent stop} from {@code editors/nvim} answers it later. Same
 * task and scripted model as {@link NeovimWholeTaskTest}.
 */
@Tag("slow")
class NeovimAnswersLaterTest {

    static final String WAITING = "AgentLS #1 waits for your approval to run `" + NeovimWholeTaskTest.COMMAND
            + "`: Approve or Deny with a code action here";

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
    void aClosedApprovalChoiceLeavesTheRunWaitingUntilAgentDenyAndTheCommandNeverRuns() throws Exception {
        JsonObject report = NeovimTaskRun.run(agents, temp, root, "code_action",
                Map.of("after_waiting", "Agent deny"));

        assertEquals(WAITING, report.get("waiting_diagnostic").getAsString());
        List<JsonObject> events = NeovimWholeTaskTest.objects(report, "events");
        JsonObject denied = toolResult(events, "execute_command");
        assertEquals(false, denied.get("ok").getAsBoolean(), denied.toString());
        assertEquals("completed", last(events).get("status").getAsString());
        assertAnsweredFast(report, "agentls.deny");
        String greeter = buffer(report, NeovimWholeTaskTest.GREETER);
        assertTrue(greeter.contains("    // @agent-done #1 " + NeovimWholeTaskTest.SUMMARY + "\n"), greeter);
        assertTrue(Files.readString(root.resolve(".agentls/runs/1.md")).contains(NeovimWholeTaskTest.COMMAND));
    }

    @Test
    void agentStopCancelsARunWaitingForApprovalAndItsLineSaysSo() throws Exception {
        JsonObject report = NeovimTaskRun.run(agents, temp, root, "Agent", Map.of("after_waiting", "Agent stop"));

        assertEquals(WAITING, report.get("waiting_diagnostic").getAsString());
        List<JsonObject> events = NeovimWholeTaskTest.objects(report, "events");
        assertEquals("cancelled", last(events).get("status").getAsString());
        assertTrue(events.stream().noneMatch(e -> e.get("type").getAsString().equals("tool_result")
                && e.get("name").getAsString().equals("execute_command") && e.get("ok").getAsBoolean()),
                events.toString());
        assertAnsweredFast(report, "agentls.cancel");
        String greeter = buffer(report, NeovimWholeTaskTest.GREETER);
        assertTrue(greeter.contains("    // @agent-done #1 cancelled"), greeter);
        assertTrue(greeter.contains("name.strip()"), "edits made before the stop stay: " + greeter);
    }

    private static JsonObject toolResult(List<JsonObject> events, String name) {
        return events.stream().filter(e -> e.get("type").getAsString().equals("tool_result")
                && e.get("name").getAsString().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " result in " + events));
    }

    private static JsonObject last(List<JsonObject> events) {
        JsonObject last = events.get(events.size() - 1);
        assertEquals("run_finished", last.get("type").getAsString(), events.toString());
        return last;
    }

    private String buffer(JsonObject report, String file) {
        return report.getAsJsonObject("buffers").getAsJsonObject(root.resolve(file).toString()).get("text")
                .getAsString();
    }

    private static void assertAnsweredFast(JsonObject report, String command) {
        List<JsonObject> requests = NeovimWholeTaskTest.objects(report, "requests");
        JsonObject sent = requests.stream().filter(r -> r.has("command") && r.get("command").getAsString()
                .equals(command)).findFirst().orElseThrow(() -> new AssertionError("no " + command + ": " + requests));
        assertFalse(sent.has("error"), "failed: " + sent);
        for (JsonObject request : requests) {
            assertTrue(request.has("ms") && request.get("ms").getAsDouble() < NeovimWholeTaskTest.LONGEST_ANSWER_MS,
                    "slower than 2 s or never answered: " + request);
        }
    }
}
