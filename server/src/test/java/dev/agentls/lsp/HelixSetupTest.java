package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.WorkspaceFolder;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code editors/helix/}: the TOML a Helix user copies, read as Helix reads it, and the exact command its
 * {@code space A} binding sends (expanded as Helix 25.07.1 expands it, see {@link HelixCommandLine}), driven through
 * a client declaring Helix 25.07.1's capabilities and answering as it does (see {@link RealClient#helix()}). Helix is
 * not installable here, so this is as close as the tests come to it.
 */
@Tag("slow")
class HelixSetupTest {

    static final String INSTRUCTION = "    // @agent strip names before greeting";

    @TempDir
    Path temp;

    private static JsonNode toml(String name) throws Exception {
        return new TomlMapper().readTree(HeadlessEditor.setup("helix").resolve(name).toFile());
    }

    private static String spaceA() throws Exception {
        JsonNode keys = toml("config.toml").path("keys");
        String normal = keys.path("normal").path("space").path("A").asText();
        assertEquals(normal, keys.path("select").path("space").path("A").asText(), "the same in select mode");
        return normal;
    }

    @Test
    void languagesTomlAddsAgentlsAfterEachLanguagesOwnServers() throws Exception {
        JsonNode languages = toml("languages.toml");
        JsonNode server = languages.path("language-server").path("agentls");
        assertEquals("agentls", server.path("command").asText());
        assertEquals("[\"lsp\"]", server.path("args").toString());
        Set<String> names = new HashSet<>();
        for (JsonNode language : languages.path("language")) {
            String name = language.path("name").asText();
            assertTrue(names.add(name), "listed twice: " + name);
            List<String> servers = new ArrayList<>();
            language.path("language-servers").forEach(entry -> servers.add(entry.asText()));
            assertEquals("agentls", servers.get(servers.size() - 1), name + ": " + servers);
            assertTrue(servers.size() >= 2, name + " keeps its own server: " + servers);
            assertEquals(1, servers.stream().filter("agentls"::equals).count(), name + ": " + servers);
        }
        assertTrue(names.containsAll(Set.of("java", "python", "rust", "go", "typescript", "javascript", "c", "cpp")),
                names.toString());
        assertEquals(List.of("rust-analyzer", "agentls"), serversOf(languages, "rust"));
        assertEquals(List.of("jdtls", "agentls"), serversOf(languages, "java"));
    }

    private static List<String> serversOf(JsonNode languages, String name) {
        List<String> servers = new ArrayList<>();
        for (JsonNode language : languages.path("language")) {
            if (language.path("name").asText().equals(name)) {
                language.path("language-servers").forEach(entry -> servers.add(entry.asText()));
            }
        }
        return servers;
    }

    @Test
    void theServersConfigIsTakenAsInitializationOptionsWithNoComplaint() throws Exception {
        JsonNode config = toml("languages.toml").path("language-server").path("agentls").path("config");
        try (LspFixture lsp = LspFixture.onCopyOf("demo", temp)) {
            InitializeParams params = new InitializeParams();
            params.setWorkspaceFolders(List.of(new WorkspaceFolder(lsp.root.toUri().toString(), "demo")));
            params.setCapabilities(RealClient.helix().capabilities());
            // Helix sends `config` as initializationOptions, JSON as it is in the TOML.
            params.setInitializationOptions(JsonParser.parseString(config.toString()));
            lsp.initialize(params);
            lsp.sync();
            assertEquals(List.of(), lsp.editor.shownMessages.stream().map(MessageParams::getMessage).toList());
            assertEquals("ANTHROPIC_API_KEY", lsp.connection.server().settings().get().llm().apiKeyEnv());
            assertEquals("claude-sonnet-4-5", lsp.connection.server().settings().get().llm().model());
        }
    }

    @Test
    void spaceARunsTheSelectedInstructionThroughRunLinesToTheEndAndMarksItDoneInHelix() throws Exception {
        ReplayAnswers answers = new ReplayAnswers()
                .call("replace_in_file", "target_file", RunFixture.GREETER, "diff", AgentRunCommandsTest.FIX)
                .complete("Names are stripped.");
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), answers, () -> { })) {
            Path file = lsp.root.resolve(RunFixture.GREETER);
            Files.writeString(file, Files.readString(file).replace("    public String greet(String name) {",
                    INSTRUCTION + "\n    public String greet(String name) {"));
            String text = lsp.open(RunFixture.GREETER);
            int line = text.lines().toList().indexOf(INSTRUCTION) + 1;

            // Helix, started in the project folder, with the cursor on the instruction line (a one-line selection).
            HelixCommandLine sent = HelixCommandLine.parse(spaceA(), new HelixCommandLine.Editor(Map.of(
                    "buffer_name", RunFixture.GREETER, "selection_line_start", String.valueOf(line),
                    "selection_line_end", String.valueOf(line)), lsp.root));
            assertEquals("agentls.runLines", sent.commandId());
            assertTrue(lsp.initialized.getCapabilities().getExecuteCommandProvider().getCommands()
                    .contains(sent.commandId()), "Helix offers only commands the server advertises");
            assertEquals(1, sent.arguments().size());
            JsonObject argument = sent.arguments().get(0).getAsJsonObject();
            assertEquals(file.toRealPath().toString(), argument.get("path").getAsString());
            assertEquals(line - 1, argument.get("startLine").getAsInt());
            assertEquals(line - 1, argument.get("endLine").getAsInt());

            JsonObject started = LspFixture.json(LspFixture.await(lsp.server.getWorkspaceService().executeCommand(
                    new ExecuteCommandParams(sent.commandId(), new ArrayList<>(sent.arguments())))));

            assertEquals("1", started.get("runId").getAsString());
            String done = lsp.awaitBuffer(RunFixture.GREETER,
                    buffer -> buffer.contains("// @agent-done #1 Names are stripped."));
            assertEquals(text.replace(INSTRUCTION, "    // @agent-done #1 Names are stripped.")
                    .replace("name + \"!\"", "name.strip() + \"!\""), done);
            lsp.editor.awaitShown(message -> message.contains("AgentLS #1 finished (completed)"));
            assertTrue(lsp.model.requests().get(0).body().contains("strip names before greeting"));
            assertEquals(text, Files.readString(file), "the disk is never written");
        }
    }

    @Test
    void spaceAOnLinesWithoutAnInstructionIsRefusedNamingTheLines() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), new ReplayAnswers(), () -> { })) {
            String text = lsp.open(RunFixture.GREETER);
            HelixCommandLine sent = HelixCommandLine.parse(spaceA(), new HelixCommandLine.Editor(Map.of(
                    "buffer_name", RunFixture.GREETER, "selection_line_start", "2", "selection_line_end", "2"),
                    lsp.root));

            ExecutionException failure = assertThrows(ExecutionException.class, () -> lsp.server.getWorkspaceService()
                    .executeCommand(new ExecuteCommandParams(sent.commandId(), new ArrayList<>(sent.arguments())))
                    .get(LspFixture.TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS));

            String message = ((ResponseErrorException) failure.getCause()).getMessage();
            assertEquals("agentls.runLines: lines 2-2 of " + RunFixture.GREETER + " hold no instruction", message);
            assertTrue(lsp.model.requests().isEmpty(), "no run started");
            assertEquals(text, lsp.editor.model.buffer(lsp.uri(RunFixture.GREETER)).orElseThrow().text());
        }
    }

    @Test
    void theExpansionsRefuseWhatHelixWouldRefuse() {
        HelixCommandLine.Editor editor = new HelixCommandLine.Editor(Map.of("cursor_line", "1"), temp);
        assertThrows(IllegalArgumentException.class,
                () -> HelixCommandLine.expand("%{file_path_absolute}", editor), "not a variable in 25.07.1");
        assertThrows(IllegalArgumentException.class, () -> HelixCommandLine.expand("%sh{echo", editor));
        assertFalse(assertThrows(IllegalArgumentException.class, () -> HelixCommandLine.expand("%x{y}", editor))
                .getMessage().isEmpty());
    }
}
