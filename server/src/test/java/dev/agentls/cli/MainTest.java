package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MainTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void unknownCommandExitsTwoAndNamesIt() {
        assertEquals(2, run("frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown command 'frobnicate'"));
    }

    @Test
    void noArgumentsPrintsUsageToStderr() {
        assertEquals(2, run());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: agentls <command>"));
    }

    @Test
    void versionRejectsExtraArguments() {
        assertEquals(2, run("version", "extra"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("agentls version: takes no arguments"));
    }

    @Test
    void everyVerbIsRegisteredUnderTheNameItAnswersTo() {
        for (String name : Main.VERBS) {
            assertEquals(name, Main.build(name).orElseThrow(() -> new AssertionError("no verb " + name)).name());
        }
        assertTrue(Main.build("lsp ").isEmpty());
    }

    @Test
    void usageListsEveryVisibleVerb() {
        assertEquals(0, run("--help"));
        String usage = out.toString(StandardCharsets.UTF_8);
        for (String verb : new String[] {"version", "apply", "lsp", "run"}) {
            assertTrue(usage.contains("  " + verb + " "), usage);
        }
    }
}
