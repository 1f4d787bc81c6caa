package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidChangeWatchedFilesCapabilities;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.FileChangeType;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.WorkspaceClientCapabilities;
import org.eclipse.lsp4j.WorkspaceFolder;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentls.runTool} through a real LSP4J client over pipes, on a temp copy of test-workspaces/tools. */
@Tag("slow")
class RunToolCommandTest {

    @TempDir
    java.nio.file.Path temp;

    private LspFixture lsp;

    @BeforeEach
    void start() throws Exception {
        lsp = LspFixture.withAgentTools("tools", temp);
        lsp.initialize();
    }

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    private JsonObject runTool(String name, Map<String, Object> arguments) throws Exception {
        return LspFixture.json(LspFixture.await(lsp.execute(RunToolCommand.ID,
                Map.of("name", name, "arguments", arguments))));
    }

    @Test
    void answersWithTheToolsResultAsJson() throws Exception {
        JsonObject result = runTool("read_file", Map.of("target_file", "src/util.py", "start_line", 4, "end_line", 4));
        assertTrue(result.get("ok").getAsBoolean());
        assertEquals("[src/util.py: lines 4-4 of 14]\ndef mean(values):\n", result.get("text").getAsString());
        assertEquals(14, result.getAsJsonObject("data").get("totalLines").getAsInt());
    }

    @Test
    void readsTheEditorsBufferAndWritesThroughApplyEdit() throws Exception {
        lsp.open("src/util.py", 3);
        lsp.type("src/util.py", "typed = True\n", 4);
        JsonObject read = runTool("read_file", Map.of("target_file", "src/util.py"));
        assertEquals("[src/util.py: 1 line; unsaved editor buffer, version 4]\ntyped = True\n",
                read.get("text").getAsString());
        String disk = Files.readString(lsp.root.resolve("src/util.py"));
        JsonObject write = runTool("write_to_file", Map.of("target_file", "src/util.py", "content", "typed = False\n"));
        assertTrue(write.get("ok").getAsBoolean(), write.toString());
        assertEquals(1, lsp.editor.applyEditRequests.size());
        assertEquals("typed = False\n", lsp.editor.model.buffer(lsp.uri("src/util.py")).orElseThrow().text());
        assertEquals(disk, Files.readString(lsp.root.resolve("src/util.py")), "the editor saves, not the server");
    }

    @Test
    void aToolsRefusalIsAnAnswerNotAnError() throws Exception {
        JsonObject denied = runTool("read_file", Map.of("target_file", ".env"));
        assertFalse(denied.get("ok").getAsBoolean());
        assertTrue(denied.get("error").getAsString().startsWith("read_file: '.env' is on the deny list"));
        JsonObject unknown = runTool("read_fiel", Map.of());
        assertTrue(unknown.get("error").getAsString().startsWith("unknown tool 'read_fiel'; the available tools are"
                + " read_file, replace_in_file"), unknown.toString());
    }

    @Test
    void aDangerousCommandAsksTheEditorAndRunsNothingWhenDismissed() throws Exception {
        JsonObject result = runTool("execute_command", Map.of("command", "rm README.md", "requires_approval", false));
        assertFalse(result.get("ok").getAsBoolean());
        assertTrue(result.get("error").getAsString().contains("the user declined to run `rm README.md`"));
        assertEquals(1, lsp.editor.questions.size());
        assertTrue(lsp.editor.questions.get(0).getMessage().contains("rm README.md"));
        assertTrue(Files.exists(lsp.root.resolve("README.md")));
    }

    @Test
    void registersAFileWatcherAndFeedsItsEventsToTheIndex() throws Exception {
        LspFixture watching = LspFixture.withAgentTools("tools", temp.resolve("watching"));
        try (watching) {
            InitializeParams params = new InitializeParams();
            params.setWorkspaceFolders(List.of(new WorkspaceFolder(watching.root.toUri().toString(), "tools")));
            WorkspaceClientCapabilities workspace = new WorkspaceClientCapabilities();
            workspace.setApplyEdit(true);
            workspace.setDidChangeWatchedFiles(new DidChangeWatchedFilesCapabilities(true));
            ClientCapabilities capabilities = new ClientCapabilities();
            capabilities.setWorkspace(workspace);
            params.setCapabilities(capabilities);
            watching.initialize(params);
            RegistrationParams registration = LspFixture.await(watching.editor.registration);
            assertEquals("workspace/didChangeWatchedFiles", registration.getRegistrations().get(0).getMethod());
            JsonObject before = LspFixture.json(LspFixture.await(watching.execute(RunToolCommand.ID, Map.of(
                    "name", "grep_search", "arguments", Map.of("query", "watched_needle")))));
            assertTrue(before.get("text").getAsString().startsWith("No matches"), before.toString());
            java.nio.file.Path added = watching.root.resolve("added.py");
            Files.writeString(added, "watched_needle = 1\n");
            watching.server.getWorkspaceService().didChangeWatchedFiles(new DidChangeWatchedFilesParams(
                    List.of(new FileEvent(added.toUri().toString(), FileChangeType.Created))));
            JsonObject after = LspFixture.json(LspFixture.await(watching.execute(RunToolCommand.ID, Map.of(
                    "name", "grep_search", "arguments", Map.of("query", "watched_needle")))));
            assertTrue(after.get("text").getAsString().contains("added.py\n  1: watched_needle = 1"), after.toString());
        }
    }

    @Test
    void cancellingTheRequestKillsTheCommandsWholeProcessTree() throws Exception {
        java.nio.file.Path pidFile = lsp.root.resolve("grandchild.pid");
        lsp.editor.answerQuestionsWith("Yes"); // the command writes its pid to a file, so it asks; approved, it runs
        try (java.nio.file.WatchService watcher = java.nio.file.FileSystems.getDefault().newWatchService()) {
            lsp.root.register(watcher, java.nio.file.StandardWatchEventKinds.ENTRY_CREATE);
            java.util.concurrent.CompletableFuture<Object> running = lsp.execute(RunToolCommand.ID, Map.of(
                    "name", "execute_command", "arguments", Map.of("command",
                            "bash -c 'sleep 300 & echo $! > grandchild.tmp; mv grandchild.tmp grandchild.pid; wait'",
                            "requires_approval", false)));
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(pidFile)) {
                java.nio.file.WatchKey key = watcher.poll(Math.max(1, deadline - System.nanoTime()),
                        java.util.concurrent.TimeUnit.NANOSECONDS);
                if (key == null) {
                    throw new AssertionError("the command never wrote its pid");
                }
                key.pollEvents();
                key.reset();
            }
            running.cancel(true);
            long pid = Long.parseLong(Files.readString(pidFile).strip());
            java.util.Optional<ProcessHandle> grandchild = ProcessHandle.of(pid);
            if (grandchild.isPresent()) {
                grandchild.get().onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
            }
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        }
    }

    @Test
    void badCommandArgumentsAreInvalidParams() {
        ExecutionException noName = assertThrows(ExecutionException.class,
                () -> LspFixture.await(lsp.execute(RunToolCommand.ID, Map.of("arguments", Map.of()))));
        assertTrue(noName.getCause().getMessage().contains("agentls.runTool: missing argument 'name' (a string)"),
                noName.getCause().getMessage());
        ExecutionException notObject = assertThrows(ExecutionException.class,
                () -> LspFixture.await(lsp.execute(RunToolCommand.ID, Map.of("name", "read_file", "arguments",
                        List.of(1)))));
        assertTrue(notObject.getCause().getMessage().contains("argument 'arguments' must be an object"),
                notObject.getCause().getMessage());
    }
}
