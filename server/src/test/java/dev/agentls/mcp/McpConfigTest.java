package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The three places MCP servers are configured, {@code ${VAR}} expansion, and every bad entry refused by name. */
class McpConfigTest {

    @TempDir
    Path root;
    @TempDir
    Path home;

    private McpConfig load(String projectJson, Map<String, String> env) throws IOException {
        Files.writeString(root.resolve(".mcp.json"), projectJson);
        return new McpConfigLoader(McpConfigLoader.userFileUnder(home), env).load(List.of(root), Optional.empty());
    }

    @Test
    void readsStdioAndHttpEntriesExpandingVariablesInEnvAndHeaders() throws IOException {
        McpConfig config = load("""
                {"mcpServers": {
                  "files": {"command": "npx", "args": ["-y", "server-filesystem", "${HOME_DIR}/docs"],
                            "env": {"TOKEN": "${TOKEN}", "MODE": "${MODE:-fast}"}, "autoApprove": ["read_file"]},
                  "remote": {"type": "http", "url": "https://mcp.example.com/mcp",
                             "headers": {"Authorization": "Bearer ${TOKEN}"}}
                }}""", Map.of("TOKEN", "s3cr$t", "HOME_DIR", "/home/u"));
        assertEquals(List.of(), config.problems());
        McpServerEntry.Stdio files = assertInstanceOf(McpServerEntry.Stdio.class, config.servers().get(0));
        assertEquals(List.of("-y", "server-filesystem", "/home/u/docs"), files.args());
        assertEquals(Map.of("TOKEN", "s3cr$t", "MODE", "fast"), files.env());
        assertEquals(java.util.Set.of("read_file"), files.autoApprove());
        assertEquals(McpServerEntry.Origin.Kind.PROJECT, files.origin().kind());
        McpServerEntry.Http remote = assertInstanceOf(McpServerEntry.Http.class, config.servers().get(1));
        assertEquals("Bearer s3cr$t", remote.headers().get("Authorization"));
        assertFalse(remote.toString().contains("s3cr"), "secrets stay out of toString: " + remote);
        assertFalse(files.toString().contains("s3cr"), "secrets stay out of toString: " + files);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            no command             | {"x": {"args": []}}                                  | server 'x': 'command' is missing
            empty command          | {"x": {"command": ""}}                               | server 'x': 'command' must be a non-empty string, got a string
            command not a string   | {"x": {"command": 7}}                                | server 'x': 'command' must be a non-empty string, got a number
            args not an array      | {"x": {"command": "a", "args": "b c"}}               | server 'x': 'args' must be an array of strings, got a string
            args item not a string | {"x": {"command": "a", "args": ["b", 3]}}            | server 'x': 'args' must be an array of strings; item 2 is a number
            env not an object      | {"x": {"command": "a", "env": ["A=1"]}}              | server 'x': 'env' must be an object of strings, got an array
            env value not a string | {"x": {"command": "a", "env": {"PORT": 80}}}         | server 'x': 'env.PORT' must be a string, got a number
            unset variable         | {"x": {"command": "a", "env": {"T": "${NOPE}"}}}     | server 'x': 'env.T' uses ${NOPE}, which is not set
            unknown type           | {"x": {"type": "sse", "url": "http://h/"}}           | server 'x': 'type' must be "stdio" or "http", got "sse"
            http without url       | {"x": {"type": "http"}}                              | server 'x': 'url' is missing
            url not http           | {"x": {"type": "http", "url": "ftp://h/x"}}          | server 'x': 'url' must be an http:// or https:// URL, got "ftp://h/x"
            headers not an object  | {"x": {"type": "http", "url": "http://h/", "headers": 1}} | server 'x': 'headers' must be an object of strings, got a number
            header unset variable  | {"x": {"type": "http", "url": "http://h/", "headers": {"A": "${NOPE}"}}} | server 'x': 'headers.A' uses ${NOPE}, which is not set
            autoApprove not array  | {"x": {"command": "a", "autoApprove": "all"}}        | server 'x': 'autoApprove' must be an array of strings, got a string
            disabled not boolean   | {"x": {"command": "a", "disabled": "yes"}}           | server 'x': 'disabled' must be true or false, got a string
            entry not an object    | {"x": "npx server"}                                  | server 'x': the entry must be an object, got a string
            bad name               | {"a b": {"command": "a"}}                            | server 'a b': the name must be 1 to 40 letters, digits, '_' or '-'
            """)
    void refusesABadEntryNamingServerAndKeyAndKeepsTheOthers(String what, String servers, String expected)
            throws IOException {
        String json = "{\"mcpServers\": " + servers.substring(0, servers.length() - 1)
                + ", \"good\": {\"command\": \"ok\"}}}";
        McpConfig config = load(json, Map.of());
        assertEquals(1, config.problems().size(), config.problems().toString());
        String problem = config.problems().get(0);
        assertTrue(problem.startsWith(root.resolve(".mcp.json") + ": " + expected), problem);
        assertTrue(problem.endsWith("; the server is not used"), problem);
        assertEquals(List.of("good"), config.servers().stream().map(McpServerEntry::name).toList());
    }

    @Test
    void aFileThatIsNotJsonIsAProblemNamingItsLine() throws IOException {
        McpConfig config = load("{\"mcpServers\": {\n  \"x\": {\"command\": }\n}}", Map.of());
        assertEquals(List.of(), config.servers());
        assertTrue(config.problems().get(0).startsWith(root.resolve(".mcp.json") + ": not valid JSON (line 2,"),
                config.problems().toString());
    }

    @Test
    void mcpServersThatIsNotAnObjectIsAProblem() throws IOException {
        McpConfig config = load("{\"mcpServers\": [1]}", Map.of());
        assertEquals(List.of(root.resolve(".mcp.json") + ": \"mcpServers\" must be an object of servers by name,"
                + " got an array"), config.problems());
    }

    @Test
    void projectOverridesTheUserFileAndSettingsOverrideBoth() throws IOException {
        Files.createDirectories(McpConfigLoader.userFileUnder(home).getParent());
        Files.writeString(McpConfigLoader.userFileUnder(home),
                "{\"mcpServers\": {\"a\": {\"command\": \"user-a\"}, \"b\": {\"command\": \"user-b\"},"
                        + " \"c\": {\"command\": \"user-c\"}}}");
        Files.writeString(root.resolve(".mcp.json"), "{\"mcpServers\": {\"b\": {\"command\": \"project-b\"},"
                + " \"c\": {\"command\": \"project-c\"}}}");
        JsonNode settings = McpFixtures.JSON.readTree("{\"c\": {\"command\": \"settings-c\"}}");
        McpConfig config = new McpConfigLoader(McpConfigLoader.userFileUnder(home), Map.of())
                .load(List.of(root), Optional.of(settings));
        assertEquals(List.of("user-a", "project-b", "settings-c"), config.servers().stream()
                .map(e -> ((McpServerEntry.Stdio) e).command()).toList());
        assertEquals(List.of(McpServerEntry.Origin.Kind.USER, McpServerEntry.Origin.Kind.PROJECT,
                McpServerEntry.Origin.Kind.SETTINGS), config.servers().stream().map(e -> e.origin().kind()).toList());
    }

    @Test
    void aDisabledEntryIsLeftOut() throws IOException {
        assertEquals(List.of(), load("{\"mcpServers\": {\"x\": {\"command\": \"a\", \"disabled\": true}}}",
                Map.of()).servers());
    }

    @Test
    void theFingerprintIgnoresFormattingAndKeyOrderButNotValues() throws IOException {
        String a = McpConfigParser.fingerprint(McpFixtures.JSON.readTree("{\"command\": \"a\", \"args\": [\"x\"]}"));
        String b = McpConfigParser.fingerprint(McpFixtures.JSON.readTree("{ \"args\": [ \"x\" ],\n\"command\":\"a\"}"));
        String c = McpConfigParser.fingerprint(McpFixtures.JSON.readTree("{\"command\": \"a\", \"args\": [\"y\"]}"));
        assertEquals(a, b);
        assertNotEquals(a, c);
    }
}
