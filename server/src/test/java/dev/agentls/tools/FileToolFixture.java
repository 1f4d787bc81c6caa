package dev.agentls.tools;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.edit.SearchReplaceEngine;
import dev.agentls.edit.SearchReplaceParser;
import dev.agentls.workspace.DocumentStore;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

    @BeforeEach
    void setUpWorkspace() {
        root = TestWorkspace.copy("tools", temp);
        documents = new DocumentStore();
        host = new RecordingHost();
        WorkspaceFiles files = new WorkspaceFiles(new WorkspaceRoots(List.of(root)), documents, new PathPolicy());
        tools = new ToolSet(List.of(
                new ReadFileTool(files),
                new WriteToFileTool(files),
                new DeleteFileTool(files),
                new ReplaceInFileTool(files, new SearchReplaceParser(), new SearchReplaceEngine())));
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
