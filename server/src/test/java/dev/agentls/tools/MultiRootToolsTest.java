package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two workspace folders: a path may name either by its folder name; nothing between or around them is reachable. */
class MultiRootToolsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private final ExecutorService executor = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void fileToolsReachEveryRootByNameAndNothingOutside() throws Exception {
        Path tools = TestWorkspace.copy("tools", temp.resolve("a"));
        Path demo = TestWorkspace.copy("demo", temp.resolve("b"));
        Files.writeString(temp.resolve("between.txt"), "outside\n");
        WorkspaceRoots roots = new WorkspaceRoots(List.of(tools, demo));
        PathPolicy policy = new PathPolicy();
        FileIndex index = new FileIndex(roots, policy, executor, Clock.systemUTC(), Duration.ofSeconds(2));
        WorkspaceFiles files = new WorkspaceFiles(roots, new DocumentStore(), policy, index,
                new CheckpointStore(Clock.systemUTC()));
        ToolSet set = new ToolSet(List.of(new ReadFileTool(files), new WriteToFileTool(files),
                new ReplaceInFileTool(files, new SearchReplaceParser(), new SearchReplaceEngine())));
        RecordingHost host = new RecordingHost();
        ToolContext context = new ToolContext(host, Cancellation.none(), "c");

        ToolResult readme = set.execute("read_file", JSON.readTree("{\"target_file\":\"demo/README.md\"}"), context)
                .get(30, TimeUnit.SECONDS);
        assertTrue(readme.text().startsWith("[demo/README.md: "), readme.text());
        ToolResult write = set.execute("write_to_file",
                JSON.readTree("{\"target_file\":\"tools/notes.txt\",\"content\":\"hi\\n\"}"), context)
                .get(30, TimeUnit.SECONDS);
        assertEquals("Created tools/notes.txt (1 lines).", write.text());
        assertEquals("hi\n", Files.readString(tools.resolve("notes.txt")));
        ToolResult between = set.execute("read_file", JSON.readTree("{\"target_file\":\"tools/../../between.txt\"}"),
                context).get(30, TimeUnit.SECONDS);
        assertTrue(between.text().contains("outside the workspace"), between.text());
        ToolResult secret = set.execute("read_file", JSON.readTree("{\"target_file\":\"tools/.env\"}"), context)
                .get(30, TimeUnit.SECONDS);
        assertTrue(secret.text().startsWith("read_file: 'tools/.env' is on the deny list"), secret.text());
    }
}
