package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls.mcp} over LSP4J pipes, and an editor run that calls an MCP tool: the project's server (the MCP Java
 * SDK's own, in a child JVM) is trusted and the call approved through {@code window/showMessageRequest}, and the
 * command shows its state before (not started) and after (ready, with its tools).
 */
@Tag("slow")
class McpCommandTest {

    @TempDir
    Path temp;

    private static String sdkServerEntry() {
        JsonObject entry = new JsonObject();
        entry.addProperty("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        JsonArray args = new JsonArray();
        args.add("-XX:TieredStopAtLevel=1");
        args.add("-cp");
        args.add(System.getProperty("java.class.path"));
        args.add("dev.agentls.mcp.SdkTestServer");
        entry.add("args", args);
        return entry.toString();
    }

    @Test
    void showsTheServersStateAndToolsAndARunCallsATrustedServersToolWithApproval() throws Exception {
        ReplayAnswers answers = new ReplayAnswers().call("mcp__sdk__echo", "text", "from the editor")
                .complete("Done.");
        List<ProcessHandle> started;
        try (RunFixture lsp = new RunFixture(temp, RealClient.neovim07().declaring(true, false), answers, () -> Files.writeString(
                temp.resolve("demo").resolve(".mcp.json"), "{\"mcpServers\": {\"sdk\": " + sdkServerEntry()
                        + ", \"bad\": {\"command\": 42}}}"))) {
            List<String> offered = lsp.initialized.getCapabilities().getExecuteCommandProvider().getCommands();
            assertTrue(offered.contains("agentls.mcp"), offered.toString());

            JsonObject before = lsp.answer("agentls.mcp", Map.of());
            JsonObject server = before.getAsJsonArray("servers").get(0).getAsJsonObject();
            assertEquals("sdk", server.get("name").getAsString());
            assertEquals("project", server.get("origin").getAsString());
            assertEquals("not-started", server.get("state").getAsString());
            assertEquals(1, before.getAsJsonArray("servers").size());
            assertTrue(before.getAsJsonArray("problems").get(0).getAsString().endsWith(".mcp.json: server 'bad':"
                    + " 'command' must be a non-empty string, got a number; the server is not used"),
                    before.toString());

            java.util.Set<Long> childrenBefore = ProcessHandle.current().descendants().map(ProcessHandle::pid)
                    .collect(java.util.stream.Collectors.toSet());
            lsp.editor.pickButtons(params -> params.getActions().get(0).getTitle());
            lsp.answer("agentls.run", Map.of("prompt", "echo something"));
            try {
                lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished"));
            } catch (Exception e) {
                throw new AssertionError("requests " + lsp.editor.requests + " shown " + lsp.editor.shown, e);
            }

            assertTrue(lsp.editor.requests.get(0).getMessage().contains("Start MCP server 'sdk' from .mcp.json?"),
                    lsp.editor.requests.get(0).getMessage());
            assertTrue(lsp.editor.requests.get(1).getMessage().contains("Call MCP tool 'echo' of server 'sdk'?"),
                    lsp.editor.requests.get(1).getMessage());
            JsonObject result = lsp.editor.events.stream()
                    .filter(e -> e.get("type").getAsString().equals("tool_result")).findFirst().orElseThrow();
            assertTrue(result.get("ok").getAsBoolean(), result.toString());
            assertTrue(result.get("text").getAsString().startsWith("echo: from the editor"), result.toString());

            JsonObject after = lsp.answer("agentls.mcp", Map.of());
            JsonObject ready = after.getAsJsonArray("servers").get(0).getAsJsonObject();
            assertEquals("ready", ready.get("state").getAsString());
            assertTrue(ready.getAsJsonArray("tools").toString().contains("\"exposedAs\":\"mcp__sdk__echo\""),
                    ready.toString());

            started = ProcessHandle.current().descendants()
                    .filter(p -> p.isAlive() && !childrenBefore.contains(p.pid())).toList();
            assertTrue(!started.isEmpty(), "the SDK server runs as a child of this process");
        }
        // Closing the fixture sent shutdown and exit: the session's MCP server stops then, not at process end.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(15);
        while (started.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(List.of(), started.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid).toList(),
                "the session's MCP server stops at shutdown");
    }
}
