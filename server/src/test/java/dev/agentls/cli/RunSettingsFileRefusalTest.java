package dev.agentls.cli;

import dev.agentls.session.McpWiring;
import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.tools.TestWorkspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run --settings FILE} with a file that cannot be used: the run does not start. Exit 1, one line on
 * stderr naming the file and the facts (the key and its accepted form, the JSON error's line and column, the size
 * bound), nothing on stdout, no request to the model (a replay server on loopback that would answer), and the
 * workspace (a temp copy of test-workspaces/demo) byte for byte as it was: no conversation, no {@code .agentls}
 * folder. Never a silent fall back to the defaults.
 */
class RunSettingsFileRefusalTest {

    @TempDir
    Path temp;
    @TempDir
    Path home;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private ReplayServer model;
    private Path root;
    private Map<String, String> before;

    @BeforeEach
    void start() throws Exception {
        model = ReplayServer.start(new OpenAiScript()
                .answer("", "write_to_file", arguments("target_file", "made.txt", "content", "x"))
                .answer("", "attempt_completion", arguments("result", "must not run")).transcript(), 0, threads,
                line -> { });
        root = TestWorkspace.copy("demo", temp.resolve("ws"));
        before = snapshot(root);
    }

    @AfterEach
    void stop() throws Exception {
        model.close();
        threads.shutdownNow();
    }

    @Test
    void aMissingFileIsRefused() throws Exception {
        Path missing = temp.resolve("missing.json");
        assertRefused(missing, "agentls run: --settings " + missing + " is not a file: nothing is there");
    }

    @Test
    void aFolderIsRefused() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("settings.d"));
        assertRefused(folder, "agentls run: --settings " + folder + " is not a file: it is a folder");
    }

    @Test
    void aFileOverTheSizeBoundIsRefusedUnreadWithItsSize() throws Exception {
        Path huge = temp.resolve("huge.json");
        Files.writeString(huge, "{\"llm\": {}, \"pad\": \"" + "x".repeat((int) SettingsFile.MAX_BYTES) + "\"}");
        assertRefused(huge, "agentls run: --settings " + huge + ": " + Files.size(huge) + " bytes, more than the "
                + SettingsFile.MAX_BYTES + " a settings file may have; not read");
    }

    @Test
    void invalidJsonIsRefusedWithItsLineAndColumn() throws Exception {
        Path broken = write("broken.json", "{\n  \"llm\": {\n    \"model\": \"m\",,\n  }\n}");
        String shown = refuse(broken);
        assertTrue(shown.startsWith("agentls run: --settings " + broken + " is not valid JSON (line 3, column 18): "),
                shown);
    }

    @Test
    void aWrongTypeForAKeyIsRefusedNamingTheKeyAndTheFormExpected() throws Exception {
        Path bad = write("bad.json", "{\"agentls\": {\"agent\": {\"maxIterations\": \"many\"},"
                + " \"mcp\": {\"servers\": [\"fs\"]}}}");
        String shown = refuse(bad);
        assertTrue(shown.startsWith("agentls run: --settings " + bad + ": "), shown);
        assertTrue(shown.contains("agentls.agent.maxIterations: expected a whole number from 1 to 1000, got \"many\""),
                shown);
        assertTrue(shown.contains("agentls.mcp.servers: expected an object of MCP servers by name, as in .mcp.json's"
                + " \"mcpServers\", got an array"), shown);
    }

    @Test
    void aFlagThatConflictsWithTheFilesKeyIsRefusedNamingTheFlagAndTheKey() throws Exception {
        Path file = write("small-window.json", "{\"llm\": {\"contextWindow\": \"4k\"}}");
        String shown = refuse(file, "--max-output-tokens", "8k");
        assertEquals("agentls run: --settings " + file + ": --max-output-tokens: 8000 exceeds"
                + " agentls.llm.contextWindow (4000); raise the window or lower the output limit", shown);
    }

    @Test
    void aJsonArrayIsRefusedNotTakenForNoSettings() throws Exception {
        Path array = write("array.json", "[{\"llm\": {\"model\": \"m\"}}]");
        assertRefused(array, "agentls run: --settings " + array + " must hold a JSON object: the agentls settings"
                + " section, such as {\"llm\": {\"model\": \"...\"}}, or {\"agentls\": {...}}; it holds an array");
    }

    @Test
    void anObjectWithoutTheAgentlsSectionIsRefusedNamingTheKeysItHas() throws Exception {
        Path other = write("other.json", "{\"model\": \"m\", \"provider\": \"openai\"}");
        String shown = refuse(other);
        assertEquals("agentls run: --settings " + other + " holds no agentls settings: none of the section's keys"
                + " (llm, agent, mcp, editor) and no \"agentls\" object at its top level (found model, provider); it"
                + " must hold the agentls settings section, such as {\"llm\": {\"model\": \"...\"}}, or"
                + " {\"agentls\": {...}}", shown);
    }

    @Test
    void vsCodesDottedKeysAreRefusedWithTheNestedFormToUse() throws Exception {
        Path dotted = write("settings.json", "{\"editor.fontSize\": 12, \"agentls.llm.model\": \"m\"}");
        String shown = refuse(dotted);
        assertTrue(shown.startsWith("agentls run: --settings " + dotted + " holds dotted keys as VS Code's"
                + " settings.json does (found editor.fontSize, agentls.llm.model); nest them instead: "), shown);
    }

    @Test
    void anEmptyObjectOrAnEmptySectionIsRefusedAsNothingToApply() throws Exception {
        Path empty = write("empty.json", "{}");
        assertTrue(refuse(empty).startsWith("agentls run: --settings " + empty + " holds an empty object: nothing"
                + " to apply"));
        err.reset();
        Path emptySection = write("empty-section.json", "{\"agentls\": {}}");
        assertEquals("agentls run: --settings " + emptySection + ": its agentls section is empty: nothing to apply",
                refuse(emptySection));
    }

    @Test
    void anAgentlsMemberThatIsNotAnObjectIsRefused() throws Exception {
        Path file = write("scalar.json", "{\"agentls\": \"gpt-4o\"}");
        assertEquals("agentls run: --settings " + file + ": agentls: expected an object of settings such as"
                + " {\"llm\": {\"model\": \"...\"}}, got a string", refuse(file));
    }

    @Test
    void anApiKeyInTheFileIsRefusedWithoutRepeatingIt() throws Exception {
        String key = "sk-proj-" + "Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ";
        Path file = write("key.json", "{\"llm\": {\"apiKey\": \"" + key + "\"}}");
        String shown = refuse(file);
        assertTrue(shown.startsWith("agentls run: --settings " + file + ": agentls.llm.apiKey: "), shown);
        assertTrue(!shown.contains(key) && !stderr().contains(key), "the key is never repeated: " + stderr());
    }

    @Test
    void settingsGivenTwiceIsAUsageError() throws Exception {
        Path file = write("one.json", "{\"llm\": {\"model\": \"m\"}}");
        int status = run("--workspace", root.toString(), "--prompt", "p", "--settings", file.toString(),
                "--settings", file.toString());
        assertEquals(2, status);
        assertEquals("agentls run: --settings is given twice; one file holds the settings section\n", stderr());
        assertUntouched();
    }

    @Test
    void aMistypedSettingsFlagIsAnsweredWithTheNearestFlag() throws Exception {
        assertEquals(2, run("--workspace", root.toString(), "--prompt", "p", "--settings"));
        assertEquals("agentls run: --settings needs a file\n", stderr());
        err.reset();
        assertEquals(2, Main.run(new String[] {"run", "--workspace", root.toString(), "--prompt", "p", "--sttings",
                "x"}, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
                StandardCharsets.UTF_8)));
        assertTrue(stderr().startsWith("agentls run: unknown option '--sttings'"), stderr());
        assertTrue(stderr().contains("\ndid you mean '--settings'?\n"), stderr());
        assertTrue(stderr().contains("'agentls run --help' lists every option"), stderr());
    }

    @Test
    void helpListsSettingsAndEveryModelFlagWithItsKeyAndSaysFlagsWin() throws Exception {
        assertEquals(0, Main.run(new String[] {"run", "--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.startsWith("usage: agentls run [options] [PROMPT | -p TEXT | -p -]"), help);
        assertTrue(help.contains("defaults < $XDG_CONFIG_HOME/agentls/settings.json (~/.config) <"
                + " .agentls/settings.json in the workspace < --settings FILE < environment variables < flags."), help);
        assertTrue(help.contains("\n  --model VALUE"), help);
        assertTrue(help.contains("sets agentls.llm.model (default: gpt-4o (openai), claude-sonnet-4-5"), help);
        assertTrue(help.contains("sets agentls.agent.maxIterations (default: 25)"), help);
        assertTrue(help.contains("\n  --approve ask|deny|all"), help);
        assertTrue(help.contains("AGENTLS_MODEL  llm.model"), help);
        assertEquals("", stderr());
    }

    /** Refused with exactly {@code message} on stderr. */
    private void assertRefused(Path file, String message) throws Exception {
        assertEquals(message, refuse(file));
    }

    /** Runs with {@code --settings file} (and {@code flags}), expects the refusal, returns its one stderr line. */
    private String refuse(Path file, String... flags) throws Exception {
        String[] base = {"--workspace", root.toString(), "--prompt", "Write made.txt", "--json", "--approve", "all",
                "--base-url", model.baseUrl() + "/v1", "--settings", file.toString()};
        String[] args = Stream.concat(Stream.of(base), Stream.of(flags)).toArray(String[]::new);
        int status = run(args);
        assertEquals(RunCommand.FAILED, status, stderr());
        assertEquals("", out.toString(StandardCharsets.UTF_8), "no event: the run never started");
        assertUntouched();
        String shown = stderr();
        assertTrue(shown.endsWith("\n") && shown.indexOf('\n') == shown.length() - 1, "one line: " + shown);
        return shown.strip();
    }

    private void assertUntouched() throws IOException {
        assertEquals(0, model.requests().size(), "the model is never asked");
        assertEquals(before, snapshot(root), "the workspace is as it was");
    }

    private Path write(String name, String text) throws IOException {
        Path file = temp.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private int run(String... args) throws UsageException {
        PrintStream log = new PrintStream(err, true, StandardCharsets.UTF_8);
        try {
            return new RunCommand(InputStream.nullInputStream(), RunCommandTests.notATerminal(),
                    new McpWiring(home, Map.of(), log))
                    .run(args, new PrintStream(out, true, StandardCharsets.UTF_8), log);
        } catch (UsageException e) {
            // As Main reports it.
            log.println("agentls run: " + ShownArgument.redactKeys(e.getMessage()));
            return 2;
        }
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Every file and folder under {@code dir} with its content (folders: empty). */
    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.toList()) {
                files.put(dir.relativize(path).toString(), Files.isDirectory(path) ? ""
                        : Base64.getEncoder().encodeToString(Files.readAllBytes(path)));
            }
        }
        return files;
    }
}
