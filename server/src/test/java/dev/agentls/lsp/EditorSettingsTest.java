package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls lsp} takes its settings from the editor, through LSP4J over pipes: initializationOptions, the
 * {@code agentls} section of {@code workspace/configuration} (pulled after {@code initialized} and again on each
 * {@code didChangeConfiguration}, only from clients that declare it), or pushed in {@code didChangeConfiguration};
 * all laid over the command line's flags. Bad values are one Error naming each key and its form, and change nothing;
 * unknown keys are a Warning.
 */
@Tag("slow")
class EditorSettingsTest {

    @TempDir
    Path temp;

    private Path root;

    @BeforeEach
    void workspace() throws Exception {
        root = Files.createDirectories(temp.resolve("ws"));
        Files.writeString(root.resolve("a.txt"), "a\n");
    }

    private static MessageParams message(MessageType type, String text) {
        return new MessageParams(type, text);
    }

    @Test
    void initializationOptionsAreTheSettingsInForce() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.initialize(root, false, """
                    {"agentls": {"llm": {"provider": "anthropic", "model": "claude-x", "apiKeyEnv": "MY_LLM_KEY"},
                                 "agent": {"maxIterations": 7}}}""");
            AgentLsSettings settings = editor.settings();
            assertEquals(Provider.ANTHROPIC, settings.llm().provider());
            assertEquals("claude-x", settings.llm().model());
            assertEquals(7, settings.agent().maxIterations());
            assertEquals(List.of(), editor.shown);
            assertEquals("MY_LLM_KEY", editor.keyVariablesNamed.get(editor.keyVariablesNamed.size() - 1));
        }
    }

    @Test
    void badValuesAreOneErrorNamingEveryKeyAndItsFormAndTheSettingsInForceStay() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.initialize(root, false, """
                    {"llm": {"provider": "gemini", "retries": {"maxAttempts": 0}}, "agent": {"maxIterations": "many"}}""");
            editor.sync();
            assertEquals(List.of(message(MessageType.Error, "AgentLS settings from initializationOptions were"
                    + " refused, the settings in force did not change (3 problems):\n"
                    + "agentls.llm.provider: expected one of \"openai\", \"anthropic\", got \"gemini\"\n"
                    + "agentls.llm.retries.maxAttempts: expected a whole number of attempts from 1 to 20 (1: no"
                    + " retry), got the number 0\n"
                    + "agentls.agent.maxIterations: expected a whole number from 1 to 1000, got \"many\"")),
                    editor.shown);
            assertEquals(AgentLsSettings.defaults(), editor.settings());
        }
    }

    @Test
    void settingsThatAreNotAnObjectAreRefusedSayingWhatTheyAre() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.initialize(root, false, "{\"agentls\": [\"model\", \"gpt-4o\"]}");
            editor.sync();
            assertEquals(List.of(message(MessageType.Error, "AgentLS settings from initializationOptions were"
                    + " refused, the settings in force did not change (1 problem):\nagentls: expected an object of"
                    + " settings such as {\"llm\": {\"model\": \"...\"}}, got array")), editor.shown);
            assertEquals(AgentLsSettings.defaults(), editor.settings());
        }
    }

    @Test
    void unknownKeysAreAWarningAndTheRestIsTaken() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.initialize(root, false, "{\"llm\": {\"modle\": \"typo\", \"model\": \"m-1\"}}");
            editor.sync();
            assertEquals(List.of(message(MessageType.Warning, "AgentLS settings from initializationOptions: 1 setting"
                    + " ignored:\nagentls.llm.modle: unknown setting, ignored")), editor.shown);
            assertEquals("m-1", editor.settings().llm().model());
        }
    }

    @Test
    void aKeyInTheSettingsIsRefusedWithoutShowingIt() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.initialize(root, false, "{\"llm\": {\"apiKey\": \"sk-live-0123456789abcdef\"}}");
            editor.sync();
            assertEquals(1, editor.shown.size());
            assertEquals(MessageType.Error, editor.shown.get(0).getType());
            assertTrue(editor.shown.get(0).getMessage().contains("agentls.llm.apiKey: API keys are never settings"),
                    editor.shown.get(0).getMessage());
            assertTrue(!editor.shown.get(0).getMessage().contains("sk-live"), editor.shown.get(0).getMessage());
        }
    }

    @Test
    void workspaceConfigurationIsPulledAfterInitializedFromAClientThatDeclaresIt() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.holds("{\"llm\": {\"model\": \"pulled-model\", \"toolMode\": \"xml\"}}");
            editor.initialize(root, true, "{\"llm\": {\"model\": \"initial-model\", \"contextWindow\": \"32k\"}}");
            editor.until(() -> editor.settings().llm().model().equals("pulled-model"), "the pulled settings");
            assertEquals(1, editor.configurationRequests.size());
            assertEquals("agentls", editor.configurationRequests.get(0).getItems().get(0).getSection());
            assertEquals("pulled-model", editor.settings().llm().model());
            assertEquals(ToolMode.XML, editor.settings().llm().toolMode());
            assertEquals(32_000, editor.settings().llm().contextWindow(), "initializationOptions stay beneath");
        }
    }

    @Test
    void aClientThatDoesNotDeclareConfigurationIsNeverAskedForIt() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.initialize(root, false, null);
            editor.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(Map.of()));
            editor.sync();
            assertEquals(List.of(), editor.configurationRequests);
            assertEquals(AgentLsSettings.defaults(), editor.settings());
        }
    }

    @Test
    void didChangeConfigurationRereadsTheSectionAndABadChangeKeepsThePreviousSettings() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.holds("{\"llm\": {\"model\": \"first\"}}");
            editor.initialize(root, true, null);
            editor.until(() -> editor.settings().llm().model().equals("first"), "the first settings");
            assertEquals(List.of(), editor.shown);

            editor.holds("{\"llm\": {\"model\": \"second\"}}");
            editor.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(Map.of()));
            editor.until(() -> editor.settings().llm().model().equals("second"), "the changed settings");

            editor.holds("{\"llm\": {\"model\": \"third\", \"safeZone\": \"80%\"}}");
            editor.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(Map.of()));
            editor.until(() -> editor.configurationRequests.size() == 3 && !editor.shown.isEmpty(), "the refusal");
            assertEquals("second", editor.settings().llm().model());
            MessageParams refused = editor.shown.get(editor.shown.size() - 1);
            assertEquals(MessageType.Error, refused.getType());
            assertTrue(refused.getMessage().startsWith("AgentLS settings from workspace/configuration after"
                    + " workspace/didChangeConfiguration were refused, the settings in force did not change (1"
                    + " problem):\nagentls.llm.safeZone: "), refused.getMessage());
            assertTrue(!refused.getMessage().contains("%"), "some clients read '%' as a format: " + refused.getMessage());
        }
    }

    @Test
    void settingsPushedInDidChangeConfigurationAreTakenFromAnyClient() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            editor.initialize(root, false, null);
            editor.server.getWorkspaceService().didChangeConfiguration(new DidChangeConfigurationParams(
                    Map.of("agentls", Map.of("llm", Map.of("model", "pushed", "apiKeyEnv", "PUSHED_KEY")))));
            editor.sync();
            assertEquals("pushed", editor.settings().llm().model());
            assertTrue(editor.keyVariablesNamed.contains("PUSHED_KEY"), editor.keyVariablesNamed.toString());
            assertEquals(List.of(), editor.configurationRequests);
        }
    }

    @Test
    void theEditorsSettingsAreLaidOverTheCommandLineFlagsKeyByKey() throws Exception {
        Map<String, Object> flags = Map.of("llm", Map.of("model", "from-flag", "toolMode", "xml"));
        try (SettingsClient editor = new SettingsClient(flags)) {
            assertEquals("from-flag", editor.settings().llm().model());
            editor.initialize(root, false, "{\"agentls\": {\"llm\": {\"model\": \"from-editor\"}}}");
            assertEquals("from-editor", editor.settings().llm().model());
            assertEquals(ToolMode.XML, editor.settings().llm().toolMode());
        }
    }

    @Test
    void settingsNestedDeeperThanSettingsEverAreRefusedAndTheServerGoesOn() throws Exception {
        try (SettingsClient editor = new SettingsClient(Map.of())) {
            String nested = "[".repeat(200) + "]".repeat(200);
            editor.initialize(root, false, "{\"llm\": {\"model\": " + nested + "}}");
            editor.sync();
            assertEquals(List.of(message(MessageType.Error, "AgentLS settings from initializationOptions were"
                    + " refused: they nest deeper than 32 levels; the settings in force did not change")), editor.shown);
            assertEquals(AgentLsSettings.defaults(), editor.settings());
        }
    }
}
