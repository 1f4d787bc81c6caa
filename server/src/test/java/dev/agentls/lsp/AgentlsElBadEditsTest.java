package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad workspace edits given to {@code editors/emacs/agentls.el}'s {@code workspace/applyEdit} handler in Emacs 28
 * headless, with two buffers open in {@code agentls-mode} (talking to a real AgentLS) and typed in: each is refused
 * with a reason naming its facts, and neither buffer is changed nor any other file opened. See
 * {@code emacs/bad-edits.el}.
 */
@Tag("slow")
class AgentlsElBadEditsTest {

    static final String MAIN = EmacsWholeTaskTest.MAIN;

    @TempDir
    Path temp;

    Path root;

    @BeforeEach
    void copyWorkspace() throws Exception {
        root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
    }

    @Test
    void agentlsElRefusesBadEditsWholeWithTheirReasonAndChangesNoBuffer() throws Exception {
        HeadlessEditor.require("Emacs", "AGENTLS_REQUIRE_EMACS",
                List.of("emacs", "--batch", "-q", "--eval", "(require 'jsonrpc)"));
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("setup_dir", HeadlessEditor.setup("emacs").toString());
        params.put("server_cmd", List.of(HeadlessEditor.serverScript(temp).toString()));
        params.put("first", root.resolve(EmacsWholeTaskTest.GREETER).toString());
        params.put("second", root.resolve(MAIN).toString());

        HeadlessEditor.Outcome outcome = HeadlessEditor.run("/emacs/bad-edits.el",
                List.of("emacs", "--batch", "-q", "-l", "{driver}"), "AGENTLS_EMACS_PARAMS", params, temp);

        assertNull(outcome.text("failure"), outcome.describe());
        String first = outcome.text("first_before");
        String second = outcome.text("second_before");
        assertTrue(first.startsWith("// typed\npackage demo;"), outcome.describe());
        Map<String, String> reasons = Map.of(
                "stale_version", "Main.java is at version 1, the edit is for version 0",
                "overlapping", "Greeter.java: the edits overlap or are malformed at line 1",
                "not_a_file", "agentls.el edits only file:/// documents, not \"http://127.0.0.1:1/evil.java\"",
                "rename", "agentls.el does not rename files (file://" + root.resolve(EmacsWholeTaskTest.GREETER) + ")",
                "fails_half_way", "Main.java: the edits overlap or are malformed at line 1");
        for (Map.Entry<String, String> expected : reasons.entrySet()) {
            JsonObject answer = outcome.report().getAsJsonObject(expected.getKey());
            String facts = expected.getKey() + ": " + answer;
            assertFalse(answer.get("applied").getAsBoolean(), facts);
            assertEquals(expected.getValue(), answer.get("reason").getAsString(), facts);
            assertEquals(first, answer.get("first").getAsString(), "Greeter.java's buffer unchanged: " + facts);
            assertEquals(second, answer.get("second").getAsString(), "Main.java's buffer unchanged: " + facts);
            assertEquals(List.of("Greeter.java", "Main.java"), answer.getAsJsonArray("buffers").asList().stream()
                    .map(JsonElement::getAsString).map(name -> Path.of(name).getFileName().toString()).sorted()
                    .toList(), "no other file opened: " + facts);
        }
        assertEquals(Files.readString(LspFixture.repoRoot().resolve("test-workspaces/demo")
                .resolve(EmacsWholeTaskTest.GREETER)), Files.readString(root.resolve(EmacsWholeTaskTest.GREETER)));
    }
}
