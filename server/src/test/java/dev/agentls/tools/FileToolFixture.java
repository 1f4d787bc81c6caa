package dev.agentls.tools;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.edit.lazy.LazyMerger;
import dev.agentls.outline.Outliner;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.CheckpointStore;
import dev.agentls.workspace.DirectoryLister;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.FileIndex;
import dev.agentls.workspace.FileSearch;
import dev.agentls.workspace.GrepSearch;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A temp copy of {@code test-workspaces/tools} with the file tools wired to it and a recording host. */
abstract class FileToolFixture {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    Path root;
    DocumentStore documents;
    RecordingHost host;
    ToolSet tools;
    FileIndex index;
    CheckpointStore checkpoints;
    final ExecutorService executor = Executors.newCachedThreadPool();

    @AfterEach
    void stopExecutor() {
        executor.shutdownNow();
    }

    @BeforeEach
    void setUpWorkspace() {
        root = TestWorkspace.copy("tools", temp);
        documents = new DocumentStore();
        host = new RecordingHost();
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        PathPolicy policy = new PathPolicy();
        index = new FileIndex(roots, policy, executor, Clock.systemUTC(), Duration.ofSeconds(2));
        index.start();
        checkpoints = new CheckpointStore(Clock.systemUTC());
        WorkspaceFiles files = new WorkspaceFiles(roots, documents, policy, index, checkpoints);
        SyntaxParser parser = new SyntaxParser();
        WorkspaceSearch search = new WorkspaceSearch(index, new GrepSearch(index, documents, executor, 2),
                new FileSearch(index), new DirectoryLister(policy), executor);
        tools = new ToolSet(List.of(
                new GrepSearchTool(search),
                new FileSearchTool(search),
                new ListDirTool(files, search),
                new ReadFileTool(files),
                new WriteToFileTool(files),
                new DeleteFileTool(files),
                new ReplaceInFileTool(files, new SearchReplaceParser(), new SearchReplaceEngine()),
                new EditFileTool(files, new LazyMerger(parser)),
                new ListCodeDefinitionNamesTool(files, new Outliner(parser), executor)));
    }

    /** Calls a tool with arguments given as alternating names and values. */
    ToolResult call(String tool, Object... namesAndValues) throws Exception {
        ObjectNode args = JSON.createObjectNode();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            args.set((String) namesAndValues[i], JSON.valueToTree(namesAndValues[i + 1]));
        }
        return tools.execute(tool, args, new ToolContext(host, Cancellation.none(), "conversation-1"))
                .get(30, TimeUnit.SECONDS);
    }
}
