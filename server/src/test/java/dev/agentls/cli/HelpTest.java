package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code --help} and {@code -h} on every verb, the build's version, and a suggestion for a typo. */
class HelpTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyVerbAnswersHelpAndHWithExitZeroListingEachOptionWithItsValuesAndDefault() {
        for (String verb : Main.VERBS) {
            for (String flag : new String[] {"--help", "-h"}) {
                assertEquals(0, run(verb, flag), verb + " " + flag + ": " + stderr());
                String help = stdout();
                assertTrue(help.startsWith("usage: agentls " + verb), verb + ": " + help);
                assertEquals("", stderr(), verb);
                CommandHelp expected = Main.build(verb).orElseThrow().help();
                for (CommandHelp.Option option : expected.options()) {
                    String head = "  " + option.name() + (option.values().isEmpty() ? "" : " " + option.values());
                    assertTrue(help.contains(head), verb + " lists " + head + ": " + help);
                    if (!option.defaultValue().isEmpty()) {
                        assertTrue(help.contains("(default: " + option.defaultValue() + ")"), verb + ": " + help);
                    }
                }
            }
        }
    }

    @Test
    void helpAfterOtherArgumentsStillAnswersButAPromptOfDashHIsAPrompt() {
        assertEquals(0, run("conversations", "list", "--help"));
        assertTrue(stdout().startsWith("usage: agentls conversations"), stdout());
        assertTrue(Main.asksForHelp(new String[] {"--model", "m", "-h"}));
        assertTrue(!Main.asksForHelp(new String[] {"-p", "-h"}), "-p -h asks the agent about -h");
    }

    @Test
    void runHelpDocumentsTheSettingsSourcesAndVariables() {
        assertEquals(0, run("run", "--help"));
        assertTrue(stdout().contains("  -c, --continue"), stdout());
        assertTrue(stdout().contains("  -p, --prompt TEXT|-"), stdout());
        assertTrue(stdout().contains("AGENTLS_BASE_URL  llm.baseUrl"), stdout());
        assertTrue(stdout().contains("(default: the git root of the current folder, else the current folder)"));
    }

    @Test
    void aMistypedCommandIsAnsweredWithTheNearestOne() {
        assertEquals(2, run("rnu"));
        assertTrue(stderr().startsWith("agentls: unknown command 'rnu'; did you mean 'run'?"), stderr());
        assertEquals(2, run("conversatoins"));
        assertTrue(stderr().contains("did you mean 'conversations'?"), stderr());
        assertEquals(2, run("zzzzzz"));
        assertTrue(!stderr().contains("did you mean"), stderr());
    }

    @Test
    void aMistypedOptionIsAnsweredWithTheNearestOption() {
        assertEquals(2, run("run", "--mdoel", "m", "hello"));
        assertTrue(stderr().startsWith("agentls run: unknown option '--mdoel'"), stderr());
        assertTrue(stderr().contains("\ndid you mean '--model'?\n"), stderr());
        assertEquals(2, run("mcp", "list", "--jsn"));
        assertTrue(stderr().contains("did you mean '--json'?"), stderr());
        assertEquals(2, run("lsp", "--prot", "1"));
        assertTrue(stderr().contains("did you mean '--port'?"), stderr());
    }

    @Test
    void aQuotedPromptOfSeveralWordsIsARun() {
        // The unknown option makes the run stop at its arguments, so no model is called.
        assertEquals(2, run("fix the failing test", "--frobnicate"));
        assertTrue(stderr().startsWith("agentls run: unknown option '--frobnicate'"), stderr());
    }

    @Test
    void versionPrintsTheVersionOfThePomItWasBuiltFrom() throws Exception {
        String pom = Files.readString(Path.of(System.getProperty("agentls.repoRoot", "..")).resolve("pom.xml"));
        Matcher version = Pattern.compile("<artifactId>agentls-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(version.find(), "the parent pom names its version");
        assertEquals(0, run("version"));
        assertEquals("agentls " + version.group(1) + "\n", stdout());
    }
}
