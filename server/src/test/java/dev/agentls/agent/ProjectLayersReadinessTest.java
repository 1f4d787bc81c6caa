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

/**
 * A run never waits for the repo map: a request made before the map is read goes without it, its prompt says so and
 * its layers are not complete (the run asks again for its later requests); once read, the map is there.
 */
class ProjectLayersReadinessTest {

    @TempDir
    Path temp;

    @Test
    void aRequestMadeBeforeTheMapIsReadGoesWithoutItSaysSoAndIsNotCompleteAndLaterRequestsHaveIt() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            RepoMap map = new RepoMap(roots, new SyntaxParser(), executor, 1, TokenCounter.estimate());
            ProjectLayers layers = new ProjectLayers(new ProjectRulesLoader(roots, TokenCounter.estimate(), 2000),
                    Optional.of(map), 2000);

            ProjectContext.Layers before = layers.current(RunRequest.of("Greet politely"));
            String early = before.text();
            assertTrue(early.contains("# Repository map\nNot in this request: the workspace is still being read (0"
                    + " files read so far); it comes as a message of this task once read."), early);
            assertFalse(early.contains("Greeter.java:"), early);
            assertFalse(before.complete(), "a map not yet read leaves the layers incomplete");

            map.start().get(30, TimeUnit.SECONDS);
            ProjectContext.Layers after = layers.current(RunRequest.of("Greet politely"));
            String later = after.text();
            assertTrue(later.contains("src/main/java/demo/Greeter.java:"), later);
            assertFalse(later.contains("Not in this request"), later);
            assertTrue(after.complete(), "a read map completes the layers");
        } finally {
            executor.shutdownNow();
        }
    }
}
