package dev.agentls.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link SettingsFlags#parse(List, Object)}: the command line's flags laid over a settings section (a file's, as a
 * Jackson tree) key by key, the two parsed as one by the same parser: a flag wins over its key, every other key of the
 * base applies, errors name the flag for what a flag gave and the key for the rest.
 */
class SettingsFlagsOverBaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final SettingsFlags flags = new SettingsFlags(new SettingsParser());

    private static JsonNode tree(String json) throws Exception {
        return JSON.readTree(json);
    }

    @Test
    void aFlagWinsOverItsKeyAndTheBasesSiblingKeysStay() throws Exception {
        JsonNode base = tree("{\"llm\": {\"model\": \"file\", \"contextWindow\": \"32k\", \"timeouts\": {\"connect\":"
                + " \"3s\", \"firstByte\": \"40s\"}}, \"agent\": {\"maxIterations\": 9}, \"editor\":"
                + " {\"doneInstruction\": \"remove\"}}");

        AgentLsSettings settings = flags.parse(List.of("--model", "flag", "--connect-timeout", "1s"), base)
                .settings().settings();

        assertEquals("flag", settings.llm().model());
        assertEquals(32_000, settings.llm().contextWindow());
        assertEquals(Duration.ofSeconds(1), settings.llm().timeouts().connect());
        assertEquals(Duration.ofSeconds(40), settings.llm().timeouts().firstByte());
        assertEquals(9, settings.agent().maxIterations());
        assertEquals(EditorSettings.DoneInstruction.REMOVE, settings.editor().doneInstruction());
    }

    @Test
    void theBasesMcpServersApplyAndTheResultsSectionIsStillOnlyTheFlags() throws Exception {
        JsonNode base = tree("{\"mcp\": {\"timeout\": \"5s\", \"servers\": {\"fs\": {\"command\": \"node\"}}}}");

        SettingsFlags.Result result = flags.parse(List.of("--max-iterations", "4", "rest"), base);

        McpSettings mcp = result.settings().settings().mcp();
        assertEquals(Duration.ofSeconds(5), mcp.timeout());
        assertEquals("node", mcp.servers().orElseThrow().path("fs").path("command").asText());
        assertEquals(Map.of("llm", Map.of(), "agent", Map.of("maxIterations", "4")), result.section());
        assertEquals(List.of("rest"), result.remaining());
    }

    @Test
    void errorsNameTheFlagForWhatAFlagGaveAndTheKeyForTheRest() throws Exception {
        JsonNode base = tree("{\"llm\": {\"contextWindow\": \"2k\", \"toolMode\": \"json\"}}");

        SettingsException e = assertThrows(SettingsException.class,
                () -> flags.parse(List.of("--max-output-tokens", "4k"), base));

        assertEquals(List.of("agentls.llm.toolMode: expected one of \"native\", \"xml\", got \"json\"",
                "--max-output-tokens: 4000 exceeds agentls.llm.contextWindow (2000); raise the window or lower the"
                        + " output limit"), e.errors());
    }

    @Test
    void aBaseValueThatIsNotAnObjectIsReportedNotHiddenByAFlagBelowIt() throws Exception {
        JsonNode base = tree("{\"llm\": 5}");

        SettingsException e = assertThrows(SettingsException.class,
                () -> flags.parse(List.of("--model", "m"), base));

        assertEquals(List.of("agentls.llm: expected an object of settings, got the number 5"), e.errors());
    }

    @Test
    void withoutABaseItIsTheFlagsAlone() throws Exception {
        SettingsFlags.Result alone = flags.parse(List.of("--model", "m"));
        SettingsFlags.Result overNothing = flags.parse(List.of("--model", "m"), null);
        assertEquals(alone, overNothing);
        assertTrue(overNothing.settings().warnings().isEmpty());
    }
}
