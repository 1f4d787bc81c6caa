package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.testing.AgentProcesses;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corpus of real-model behaviours ({@code src/test/resources/real-model-behaviours/}), each transcript played
 * through {@code agentls run} as a child process, and each behaviour's first transcript through {@code agentls lsp}
 * as a child process. A case recovers when the run ends completed, the file reads as the finished task, and an event
 * shows the mistake. Every case not in {@code known-gaps.txt} must recover, and every listed one must still fail, so
 * the list cannot rot. Prints recovered/total and writes it to {@code server/target/real-model-behaviours.txt}.
 */
@Tag("slow")
class RealModelBehavioursTest {

    private static final ExecutorService THREADS = Executors.newCachedThreadPool();
    private static final Set<String> RECOVERED = new TreeSet<>();
    private static final Set<String> RAN = new TreeSet<>();

    @TempDir
    Path temp;

    /** One for each factory: its cases share a scratch home, each case its own workspace and child. */
    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @AfterAll
    static void tally() throws IOException {
        THREADS.shutdownNow();
        String line = "real-model behaviours recovered: " + RECOVERED.size() + "/" + RAN.size();
        StringBuilder report = new StringBuilder(line).append('\n');
        for (String id : RAN) {
            report.append(RECOVERED.contains(id) ? "recovered " : "gap       ").append(id).append('\n');
        }
        System.out.println(report);
        Path target = LspFixture.repoRoot().resolve("server/target");
        Files.createDirectories(target);
        Files.writeString(target.resolve("real-model-behaviours.txt"), report.toString());
    }

    @TestFactory
    List<DynamicTest> everyBehaviourRecoversThroughAgentlsRunUnlessItIsAKnownGap() throws IOException {
        Set<String> gaps = knownGaps();
        List<DynamicTest> tests = new ArrayList<>();
        for (RealModelBehaviour b : RealModelBehaviour.all()) {
            String id = b.id() + " run";
            tests.add(DynamicTest.dynamicTest(id, () -> check(id, b, gaps,
                    new BehaviourRuns(agents, THREADS).viaRun(b, Files.createDirectories(temp.resolve(b.id() + "-run"))))));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> everyBehaviourRecoversThroughAgentlsLspUnlessItIsAKnownGap() throws IOException {
        Set<String> gaps = knownGaps();
        Set<String> seen = new LinkedHashSet<>();
        List<DynamicTest> tests = new ArrayList<>();
        for (RealModelBehaviour b : RealModelBehaviour.all()) {
            if (!seen.add(b.behaviour())) {
                continue;
            }
            String id = b.id() + " lsp";
            tests.add(DynamicTest.dynamicTest(id, () -> check(id, b, gaps,
                    new BehaviourRuns(agents, THREADS).viaLsp(b, Files.createDirectories(temp.resolve(b.id() + "-lsp"))))));
        }
        return tests;
    }

    @Test
    void everyBehaviourNamesItsPublicSourceAndEveryKnownGapNamesARealCase() throws IOException {
        Set<String> cases = new TreeSet<>();
        Set<String> behaviours = new TreeSet<>();
        for (RealModelBehaviour b : RealModelBehaviour.all()) {
            assertFalse(b.sources().isEmpty(), b.id() + " names no source");
            b.sources().forEach(s -> assertTrue(s.startsWith("https://github.com/"), b.id() + ": " + s));
            cases.add(b.id() + " run");
            if (behaviours.add(b.behaviour())) {
                cases.add(b.id() + " lsp");
            }
        }
        for (String gap : knownGaps()) {
            assertTrue(cases.contains(gap), "known-gaps.txt lists '" + gap + "', which is no case of the corpus");
        }
        assertTrue(behaviours.size() >= 10, behaviours.toString());
    }

    private static void check(String id, RealModelBehaviour b, Set<String> gaps, BehaviourRuns.Outcome outcome)
            throws IOException {
        String original = Files.readString(LspFixture.repoRoot().resolve("test-workspaces/demo").resolve(b.expectFile()));
        boolean recovered = outcome.recovered(b, b.expected(original));
        synchronized (RAN) {
            RAN.add(id);
            if (recovered) {
                RECOVERED.add(id);
            }
        }
        if (gaps.contains(id)) {
            assertFalse(recovered, id + " recovers now: take it off known-gaps.txt\n" + outcome.describe());
        } else {
            assertTrue(recovered, id + " did not recover (sources: " + b.sources() + ")\n" + outcome.describe());
        }
    }

    /** The cases known not to recover: one {@code behaviour.protocol-mode run|lsp} per line, {@code #} comments. */
    static Set<String> knownGaps() throws IOException {
        Set<String> gaps = new TreeSet<>();
        for (String line : Files.readAllLines(RealModelBehaviour.folder().resolve("known-gaps.txt"),
                StandardCharsets.UTF_8)) {
            String bare = line.strip();
            if (!bare.isEmpty() && !bare.startsWith("#")) {
                gaps.add(bare);
            }
        }
        return gaps;
    }
}
