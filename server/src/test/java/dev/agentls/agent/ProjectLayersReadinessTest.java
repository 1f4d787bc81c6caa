package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.RepoMap;
import dev.agentls.outline.TokenCounter;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.tools.TestWorkspace;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run never waits for the repo map: one starting before the map is read goes without it, and its prompt says so. */
class ProjectLayersReadinessTest {

    @TempDir
    Path temp;

    @Test
    void aRunStartingBeforeTheMapIsReadGoesWithoutItAndSaysSoAndLaterRunsHaveIt() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            RepoMap map = new RepoMap(roots, new SyntaxParser(), executor, 1, TokenCounter.estimate());
            ProjectLayers layers = new ProjectLayers(new ProjectRulesLoader(roots, TokenCounter.estimate(), 2000),
                    Optional.of(map), 2000);

            String early = layers.layers(RunRequest.of("Greet politely"));
            assertTrue(early.contains("# Repository map\nNot in this run: the workspace is still being read (0 files"
                    + " read so far); later runs have it."), early);
            assertFalse(early.contains("Greeter.java:"), early);

            map.start().get(30, TimeUnit.SECONDS);
            String later = layers.layers(RunRequest.of("Greet politely"));
            assertTrue(later.contains("src/main/java/demo/Greeter.java:"), later);
            assertFalse(later.contains("Not in this run"), later);
        } finally {
            executor.shutdownNow();
        }
    }
}
