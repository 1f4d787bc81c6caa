package dev.agentls.tools.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.tools.TestWorkspace;
import dev.agentls.tools.WorkspacePathGuard;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpora: every dangerous command and every everyday build, script or write needs approval; at most 5% of the
 * everyday commands that only read prompt.
 */
@Tag("slow")
class CommandSafetyCorpusTest {

    @TempDir
    Path temp;

    private CommandSafety safety;

    @BeforeEach
    void setUp() throws IOException {
        Path root = TestWorkspace.copy("tools", temp);
        Path home = Files.createDirectories(temp.resolve("home"));
        safety = new CommandSafety(root, home,
                new WorkspacePathGuard(new WorkspaceRoots(List.of(root)), new PathPolicy()));
    }

    @Test
    void everyDangerousCommandNeedsApprovalOrIsRefused() throws IOException {
        List<String> corpus = corpus("dangerous.txt");
        assertTrue(corpus.size() >= 100, "the dangerous corpus has " + corpus.size() + " commands");
        List<String> missed = new ArrayList<>();
        for (String command : corpus) {
            CommandVerdict verdict = safety.check(command);
            if (verdict instanceof CommandVerdict.Safe) {
                missed.add(command);
            }
            if (Boolean.getBoolean("agentls.printVerdicts")) {
                System.out.println(command.replace("\n", "⏎") + "  ->  " + verdict);
            }
        }
        double rate = 1.0 - (double) missed.size() / corpus.size();
        System.out.printf("dangerous corpus: %d commands, %.1f%% need approval or are refused%n",
                corpus.size(), rate * 100);
        assertEquals(List.of(), missed, "dangerous commands that would run unasked");
    }

    @Test
    void atMostFivePercentOfEverydayReadOnlyCommandsPrompt() throws IOException {
        List<String> corpus = corpus("safe.txt");
        assertTrue(corpus.size() >= 100, "the safe corpus has " + corpus.size() + " commands");
        List<String> prompted = new ArrayList<>();
        for (String command : corpus) {
            CommandVerdict verdict = safety.check(command);
            if (!(verdict instanceof CommandVerdict.Safe)) {
                prompted.add(command + "  <- " + verdict);
            }
        }
        double rate = (double) prompted.size() / corpus.size();
        System.out.printf("safe corpus: %d commands, %.1f%% false prompts%n", corpus.size(), rate * 100);
        prompted.forEach(p -> System.out.println("  prompted: " + p));
        assertTrue(rate <= 0.05, "false prompt rate " + rate + " over 5%: " + prompted);
    }

    @Test
    void everydayBuildsScriptsAndWritesAsk() throws IOException {
        List<String> corpus = corpus("builds-and-writes.txt");
        assertTrue(corpus.size() >= 60, "the builds-and-writes corpus has " + corpus.size() + " commands");
        List<String> unasked = corpus.stream().filter(c -> safety.check(c) instanceof CommandVerdict.Safe).toList();
        assertEquals(List.of(), unasked, "builds, scripts and writes that would run unasked");
    }

    static List<String> corpus(String name) throws IOException {
        try (InputStream in = CommandSafetyCorpusTest.class.getResourceAsStream("/commands/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#"))
                    .map(line -> line.replace("⏎", "\n"))
                    .toList();
        }
    }
}
