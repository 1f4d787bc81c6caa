package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.tools.command.CommandEnvironment;
import dev.agentls.tools.command.CommandRunner;
import dev.agentls.workspace.PathPolicy;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * execute_command never hands the model's API key to the model: the variable {@code llm.apiKeyEnv} names, and any
 * variable holding its value, are not inherited, so {@code env}, {@code printenv}, {@code set}, {@code export -p} and
 * {@code echo $VAR} show nothing of it; and output that holds the value anyway is scrubbed. Real bash, real commands.
 */
class CommandKeyHygieneTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-agentls-test-key-0123456789abcdef";

    @TempDir
    Path temp;

    private Path root;
    private final List<String> keyVariables = new CopyOnWriteArrayList<>(List.of("AGENTLS_LLM_KEY"));
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1);
    private final ExecutorService readers = Executors.newCachedThreadPool();
    private Map<String, String> environment;
    private ToolSet tools;

    @BeforeEach
    void setUp() {
        root = TestWorkspace.copy("tools", temp);
        environment = new HashMap<>(System.getenv());
        environment.put("AGENTLS_LLM_KEY", KEY);
        environment.put("INNOCENT_COPY", KEY);
        environment.put("AUTH_HEADER", "Authorization: Bearer " + KEY);
        environment.put("LATER_NAMED", "later-secret-value-42");
        environment.put("AGENTLS_PLAIN", "visible-value");
        tools = tools(CommandRunner.Limits.defaults());
    }

    private ToolSet tools(CommandRunner.Limits limits) {
        CommandRunner runner = new CommandRunner("bash", limits,
                new CommandEnvironment(environment, () -> keyVariables), scheduler, readers);
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        return new ToolSet(List.of(new ExecuteCommandTool(roots, temp.resolve("home"),
                new WorkspacePathGuard(roots, new PathPolicy()), runner, () -> { })));
    }

    @AfterEach
    void tearDown() {
        scheduler.shutdownNow();
        readers.shutdownNow();
    }

    private String run(String command) throws Exception {
        ObjectNode args = JSON.createObjectNode();
        args.put("command", command);
        args.put("requires_approval", false);
        ToolResult result = tools.execute("execute_command", args,
                new ToolContext(new RecordingHost(), Cancellation.none(), "c1")).get(30, TimeUnit.SECONDS);
        return ((ToolResult.Success) result).text();
    }

    private static void assertNothingOfTheKey(String command, String output) {
        assertFalse(output.contains(KEY), command + " showed the key:\n" + output);
        assertFalse(output.contains("AGENTLS_LLM_KEY"), command + " showed the key's variable:\n" + output);
        assertFalse(output.contains("INNOCENT_COPY"), command + " showed a copy of the key:\n" + output);
        assertFalse(output.contains("AUTH_HEADER"), command + " showed a variable holding the key:\n" + output);
        assertFalse(output.contains("[redacted"), command + " relied on scrubbing, not on the environment:\n" + output);
    }

    @Test
    void envPrintenvSetAndExportShowNeitherTheKeyVariableNorAnyVariableHoldingItsValue() throws Exception {
        for (String command : List.of("env", "printenv", "set", "export -p")) {
            String output = run(command);
            assertTrue(output.startsWith("Exit code 0.\n"), command + ": " + output);
            assertTrue(output.contains("AGENTLS_PLAIN"), command + " listed the environment: " + output);
            assertNothingOfTheKey(command, output);
        }
    }

    @Test
    void echoOfTheKeyVariablePrintsAnEmptyLine() throws Exception {
        assertEquals("Exit code 0.\n\n", run("echo $AGENTLS_LLM_KEY"));
        assertEquals("Exit code 0.\n[]\n", run("echo \"[${INNOCENT_COPY}]\""));
    }

    @Test
    void printenvOfTheKeyVariableFindsNothing() throws Exception {
        assertEquals("Exit code 1.\n(no output)", run("printenv AGENTLS_LLM_KEY"));
    }

    @Test
    void outputHoldingTheKeysValueIsScrubbedNamingOnlyTheVariable() throws Exception {
        Files.writeString(root.resolve("notes.txt"), "token: " + KEY + "\n");
        assertEquals("Exit code 0.\ntoken: [redacted: the value of AGENTLS_LLM_KEY]\n", run("cat notes.txt"));
    }

    @Test
    void partsOfAKeyCutByTheGapInALongOutputAreScrubbedToo() throws Exception {
        tools = tools(new CommandRunner.Limits(java.time.Duration.ofSeconds(30), 40, 40,
                java.time.Duration.ofSeconds(2)));
        Files.writeString(root.resolve("long.txt"), "a".repeat(30) + KEY + "b".repeat(100) + KEY + "c".repeat(28));
        String note = "[redacted: part of the value of AGENTLS_LLM_KEY]";
        assertEquals("Exit code 0.\n" + "a".repeat(30) + note + "\n[... 150 bytes omitted ...]\n" + note
                + "c".repeat(28), run("cat long.txt"));
    }

    @Test
    void aKeyVariableNamedAfterStartUpIsKeptOutFromTheNextCommandOn() throws Exception {
        assertEquals("Exit code 0.\nlater-secret-value-42\n", run("echo $LATER_NAMED"));
        keyVariables.add("LATER_NAMED");
        assertEquals("Exit code 0.\n\n", run("echo $LATER_NAMED"));
    }
}
