package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.ParsedSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one reader of a {@code --settings FILE} ({@code agentls run} and {@code agentls mcp list} share it), on real
 * files: the forms an editor sends the section in, and what would otherwise slip through as "no settings" or as a
 * silently different value.
 */
class SettingsFileTest {

    @TempDir
    Path dir;

    private Path write(String text) throws Exception {
        Path file = dir.resolve("settings.json");
        Files.writeString(file, text);
        return file;
    }

    private String refusal(Path file) {
        return assertThrows(SettingsFileException.class, () -> SettingsFile.read(file)).getMessage();
    }

    @Test
    void readsTheBareSectionAndTheSectionWrappedAsAgentls() throws Exception {
        AgentLsSettings bare = SettingsFile.read(write("{\"llm\": {\"model\": \"bare\"}}")).parse().settings();
        assertEquals("bare", bare.llm().model());
        AgentLsSettings wrapped = SettingsFile.read(write("{\"agentls\": {\"llm\": {\"model\": \"wrapped\"}}}"))
                .parse().settings();
        assertEquals("wrapped", wrapped.llm().model());
    }

    @Test
    void takesTheAgentlsMemberBesideOtherTopLevelKeysAndWarnsAboutThem() throws Exception {
        ParsedSettings parsed = SettingsFile.read(write("{\"pyright\": {}, \"agentls\": {\"agent\":"
                + " {\"maxIterations\": 7}}}")).parse();
        assertEquals(7, parsed.settings().agent().maxIterations());
        assertEquals(List.of("top-level key pyright is outside the agentls section; ignored"), parsed.warnings());
    }

    @Test
    void aLeadingByteOrderMarkIsNotAnError() throws Exception {
        assertEquals("m", SettingsFile.read(write("\uFEFF{\"llm\": {\"model\": \"m\"}}")).parse().settings().llm()
                .model());
    }

    @Test
    void aKeyGivenTwiceIsRefusedRatherThanTheLastOneWinningSilently() throws Exception {
        Path file = write("{\"llm\": {\"model\": \"a\",\n \"model\": \"b\"}}");
        String refused = refusal(file);
        assertTrue(refused.startsWith("--settings " + file + " is not valid JSON (line 2, column "), refused);
        assertTrue(refused.contains("Duplicate field 'model'"), refused);
    }

    @Test
    void textAfterTheObjectIsRefusedRatherThanIgnored() throws Exception {
        Path file = write("{\"llm\": {\"model\": \"a\"}}\n{\"llm\": {\"model\": \"b\"}}");
        assertTrue(refusal(file).startsWith("--settings " + file + " is not valid JSON (line 2, column "),
                refusal(file));
    }

    @Test
    void anEmptyFileOrOneThatIsNotUtf8IsRefused() throws Exception {
        Path empty = write("  \n");
        assertTrue(refusal(empty).startsWith("--settings " + empty + " is empty; it must hold the agentls settings"
                + " section"), refusal(empty));
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\"llm\": {\"model\": \"caf\u00e9\"}}".getBytes(StandardCharsets.ISO_8859_1));
        assertEquals("--settings " + latin1 + " is not UTF-8 text", refusal(latin1));
    }

    @Test
    void aFileExactlyAtTheBoundIsReadAndOneByteMoreIsNot() throws Exception {
        String head = "{\"llm\": {\"model\": \"m\"}, \"agent\": {}, \"pad\": \"";
        String atBound = head + "x".repeat((int) SettingsFile.MAX_BYTES - head.length() - 2) + "\"}";
        assertEquals(SettingsFile.MAX_BYTES, atBound.length());
        assertEquals("m", SettingsFile.read(write(atBound)).parse().settings().llm().model());
        Path over = write(atBound + " ");
        assertEquals("--settings " + over + ": " + (SettingsFile.MAX_BYTES + 1) + " bytes, more than the "
                + SettingsFile.MAX_BYTES + " a settings file may have; not read", refusal(over));
    }

    @Test
    void aTopLevelKeyThatLooksLikeAnApiKeyIsNotRepeated() throws Exception {
        String key = "sk-ant-api03-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe";
        Path file = write("{\"" + key + "\": 1}");
        String refused = refusal(file);
        assertTrue(refused.contains("found <redacted>"), refused);
        assertTrue(!refused.contains(key), refused);
    }
}
