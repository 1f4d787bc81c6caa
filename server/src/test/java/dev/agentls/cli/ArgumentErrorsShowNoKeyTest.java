package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * No error message of {@code agentls} or any subcommand echoes a value that looks like a key: stderr ends up in the
 * editor's log. Each case runs the real entry point and asserts the exact answer.
 */
class ArgumentErrorsShowNoKeyTest {

    private static final String KEY = "sk-proj-AbCdEf0123456789xyzXYZ0123456789";
    private static final String BARE_KEY = "AbCdEf0123456789xyzXYZ0123456789AbCdEf01";
    private static final String KEY_FLAG_REFUSED = "--api-key: API keys are never passed as arguments (they show in"
            + " process lists and shell history): put the key in an environment variable and pass its name with"
            + " --api-key-env";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private String fails(String... args) {
        out.reset();
        err.reset();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, status, stderr);
        assertFalse(stderr.contains("AbCdEf0123456789"), "a key was echoed: " + stderr);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        return stderr;
    }

    private static final String HELP_HINT_LSP = "('agentls lsp --help' lists every option)\n";

    @Test
    void lspRefusesAnApiKeyFlagNamingOnlyTheFlag() {
        assertEquals("agentls lsp: " + KEY_FLAG_REFUSED + "\n", fails("lsp", "--api-key=" + KEY));
        assertEquals("agentls lsp: " + KEY_FLAG_REFUSED + "\n", fails("lsp", "--api-key", KEY));
    }

    @Test
    void lspShowsAnUnknownOptionHoldingAKeyByItsNameOnly() {
        assertEquals("agentls lsp: unknown option '--apikey=<redacted>' (usage: agentls lsp [--port N] [settings"
                + " flags, see agentls lsp --help])\n" + HELP_HINT_LSP, fails("lsp", "--apikey=" + KEY));
        assertEquals("agentls lsp: unknown option '--token=<redacted>' (usage: agentls lsp [--port N] [settings"
                + " flags, see agentls lsp --help])\n" + HELP_HINT_LSP, fails("lsp", "--token=hunter2"));
        assertEquals("agentls lsp: unknown option '--header=<redacted>' (usage: agentls lsp [--port N] [settings"
                + " flags, see agentls lsp --help])\n" + HELP_HINT_LSP, fails("lsp", "--header=" + BARE_KEY));
        assertEquals("agentls lsp: unknown option '<redacted>' (usage: agentls lsp [--port N] [settings flags, see"
                + " agentls lsp --help])\n" + HELP_HINT_LSP, fails("lsp", KEY));
        assertEquals("agentls lsp: --port must be a number, got '<redacted>'\n", fails("lsp", "--port", KEY));
    }

    @Test
    void applyShowsAKeyOptionByItsNameOnly() {
        assertEquals("agentls apply: unknown option '--api-key=<redacted>' (usage: agentls apply [--workspace DIR] [--file PATH] [--lazy] [EDIT_FILE | -])\n"
                + "('agentls apply --help' lists every option)\n",
                fails("apply", "--api-key=" + KEY));
        assertEquals("agentls apply: takes one EDIT_FILE, got 'edit.txt' and '<redacted>'\n",
                fails("apply", "edit.txt", KEY));
    }

    @Test
    void replayModelShowsAKeyOptionByItsNameOnly() {
        assertEquals("agentls replay-model: unknown option '--api-key=<redacted>' (usage: agentls replay-model"
                + " --script FILE [--port N] [--once])\n"
                + "('agentls replay-model --help' lists every option)\n", fails("replay-model", "--api-key=" + KEY));
    }

    @Test
    void replayModelNamesAMissingScriptWithoutTheKeyInItsPath() {
        out.reset();
        err.reset();
        int status = Main.run(new String[] {"replay-model", "--script", "/nonexistent/" + KEY + ".jsonl"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, status);
        assertEquals("agentls replay-model: no such file: /nonexistent/<redacted>\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void idsThisProgramPrintsAreNotTakenForKeys() {
        assertEquals("agentls lsp: unknown option '--conversation=0f8fad5b-d9cb-469f-a165-70867728950e' (usage:"
                + " agentls lsp [--port N] [settings flags, see agentls lsp --help])\n" + HELP_HINT_LSP,
                fails("lsp", "--conversation=0f8fad5b-d9cb-469f-a165-70867728950e"));
    }

    @Test
    void anUnknownCommandThatLooksLikeAKeyIsNotEchoed() {
        assertEquals("agentls: unknown command '<redacted>'\n", fails(KEY).lines().findFirst().orElseThrow() + "\n");
    }

    @Test
    void aKeyInsideAPathOfAUsageMessageIsRedactedToo() {
        String stderr = fails("apply", "--workspace", "/nonexistent/" + KEY);
        assertEquals("agentls apply: --workspace /nonexistent/<redacted> is not a folder\n", stderr);
    }

    @Test
    void lspReportsEveryBadSettingsFlagAtOnceNamingTheFlags() {
        assertEquals("agentls lsp: 2 settings errors:\n"
                + "  --provider: expected one of \"openai\", \"anthropic\", got \"gemini\"\n"
                + "  --max-attempts: expected a whole number of attempts from 1 to 20 (1: no retry), got \"0\"\n",
                fails("lsp", "--provider=gemini", "--max-attempts", "0"));
    }
}
