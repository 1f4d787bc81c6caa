package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentls mcp list}: configured servers, their state and, with {@code --start}, their tools. */
@Tag("slow")
class McpListCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;
    @TempDir
    Path root;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) throws UsageException {
        PrintStream log = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new McpCommand(new McpWiring(home, Map.of(), log)).run(args,
                new PrintStream(out, true, StandardCharsets.UTF_8), log);
    }

    private static ObjectNode sdkServer() {
        ObjectNode entry = JSON.createObjectNode();
        entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        entry.putArray("args").add("-XX:TieredStopAtLevel=1").add("-cp").add(System.getProperty("java.class.path"))
                .add("dev.agentls.mcp.SdkTestServer");
        return entry;
    }

    private void writeConfigs() throws Exception {
        ObjectNode user = JSON.createObjectNode();
        user.putObject("mcpServers").set("sdk", sdkServer());
        Files.createDirectories(home.resolve(".config/agentls"));
        Files.writeString(home.resolve(".config/agentls/mcp.json"), user.toString());
        ObjectNode project = JSON.createObjectNode();
        project.putObject("mcpServers").set("local", sdkServer());
        Files.writeString(root.resolve(".mcp.json"), project.toString());
    }

    @Test
    void startListsTheUsersServerToolsAndLeavesAnUntrustedProjectServerUnstarted() throws Exception {
        writeConfigs();
        int status = run("list", "--root", root.toString(), "--start");
        String shown = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, shown + err);
        assertTrue(shown.contains("sdk  ready  (user: " + home.resolve(".config/agentls/mcp.json") + ")"), shown);
        assertTrue(shown.contains("  - mcp__sdk__echo: Answers its text."), shown);
        assertTrue(shown.contains("local  untrusted  (project: " + root.resolve(".mcp.json") + ")"), shown);
        assertTrue(shown.contains("  MCP server 'local' from " + root.resolve(".mcp.json") + " is not trusted yet:"
                + " the first run in this workspace asks"), shown);
    }

    @Test
    void withoutStartNothingRunsAndJsonSaysSo() throws Exception {
        writeConfigs();
        assertEquals(0, run("list", "--root", root.toString(), "--json"));
        JsonNode listed = JSON.readTree(out.toString(StandardCharsets.UTF_8));
        assertEquals("not-started", listed.path("servers").get(0).path("state").asText());
        assertEquals("stdio", listed.path("servers").get(0).path("transport").asText());
        assertEquals(0, listed.path("servers").get(0).path("tools").size());
    }

    @Test
    void aBadEntryIsAProblemAndExitsOne() throws Exception {
        Files.writeString(root.resolve(".mcp.json"), "{\"mcpServers\": {\"x\": {\"type\": \"http\"}}}");
        assertEquals(1, run("list", "--root", root.toString()));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("problem: " + root.resolve(".mcp.json")
                + ": server 'x': 'url' is missing (an http server needs its endpoint); the server is not used"), out.toString());
    }

    @Test
    void readsTheServersOfTheSettingsFileAsTheEditorSendsThemAndStartsThem() throws Exception {
        ObjectNode options = JSON.createObjectNode();
        ObjectNode mcp = options.putObject("agentls").putObject("mcp");
        mcp.put("timeout", "30s");
        mcp.putObject("servers").set("fromSettings", sdkServer());
        Path file = root.resolve("init-options.json");
        Files.writeString(file, options.toPrettyString());

        int status = run("list", "--root", root.toString(), "--settings", file.toString(), "--start");

        String shown = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, shown + err);
        assertTrue(shown.contains("fromSettings  ready  (settings: agentls.mcp.servers)"), shown);
        assertTrue(shown.contains("  - mcp__fromSettings__echo: Answers its text."), shown);
    }

    @Test
    void aBareSettingsSectionOverridesTheProjectsEntryOfTheSameName() throws Exception {
        writeConfigs();
        ObjectNode section = JSON.createObjectNode();
        ObjectNode replacement = JSON.createObjectNode().put("type", "http").put("url", "http://127.0.0.1:9/mcp");
        section.putObject("mcp").putObject("servers").set("local", replacement);
        Path file = root.resolve("section.json");
        Files.writeString(file, section.toString());

        assertEquals(0, run("list", "--root", root.toString(), "--settings", file.toString(), "--json"));

        JsonNode listed = JSON.readTree(out.toString(StandardCharsets.UTF_8));
        JsonNode local = listed.path("servers").get(1);
        assertEquals("local", local.path("name").asText(), listed.toPrettyString());
        assertEquals("settings", local.path("origin").asText());
        assertEquals("http", local.path("transport").asText());
        assertEquals("http://127.0.0.1:9/mcp", local.path("target").asText());
    }

    @Test
    void aSettingsFileThatCannotBeUsedIsRefusedNamingTheFileAndTheProblem() throws Exception {
        Path bad = root.resolve("bad.json");
        Files.writeString(bad, "{\"mcp\": {\"timeout\": \"soon\", \"servers\": []}}");
        String refused = assertThrows(UsageException.class, () -> run("list", "--settings", bad.toString()))
                .getMessage();
        assertTrue(refused.startsWith("--settings " + bad + ": "), refused);
        assertTrue(refused.contains("agentls.mcp.timeout"), refused);
        assertTrue(refused.contains("agentls.mcp.servers"), refused);

        Path broken = root.resolve("broken.json");
        Files.writeString(broken, "{\n  \"mcp\": {\n");
        String notJson = assertThrows(UsageException.class, () -> run("list", "--settings", broken.toString()))
                .getMessage();
        assertTrue(notJson.startsWith("--settings " + broken + " is not valid JSON (line 3, column "), notJson);

        Path huge = root.resolve("huge.json");
        Files.writeString(huge, "{\"mcp\": {}, \"pad\": \"" + "x".repeat((int) SettingsFile.MAX_BYTES) + "\"}");
        assertTrue(assertThrows(UsageException.class, () -> run("list", "--settings", huge.toString())).getMessage()
                .startsWith("--settings " + huge + ": " + Files.size(huge) + " bytes, more than the "));

        Path missing = root.resolve("missing.json");
        assertEquals("--settings " + missing + " is not a file: nothing is there",
                assertThrows(UsageException.class, () -> run("list", "--settings", missing.toString())).getMessage());

        Path array = root.resolve("array.json");
        Files.writeString(array, "[]");
        assertTrue(assertThrows(UsageException.class, () -> run("list", "--settings", array.toString()))
                .getMessage().endsWith("; it holds an array"));
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing is listed");
    }

    @Test
    void refusesAnUnknownActionOrOption() {
        assertEquals("usage: agentls mcp list [--root DIR] [--settings FILE] [--start] [--json]",
                assertThrows(UsageException.class, () -> run("show")).getMessage());
        assertTrue(assertThrows(UsageException.class, () -> run("list", "--all")).getMessage()
                .startsWith("unknown option '--all'"));
    }
}
