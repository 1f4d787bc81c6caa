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
 * Credentials stay out of a command's environment whatever the settings name: by the variable's name (keys, tokens,
 * secrets, passwords, AWS_*) or by its value (known key prefixes, URL userinfo, long random text); a variable listed
 * in AGENTLS_PASS_ENV is passed through; what is kept out is scrubbed from output. Real bash.
 */
class CommandCredentialEnvironmentTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** No variable is named by the settings here: as when the settings that name it were refused. */
    private final List<String> keyVariables = new CopyOnWriteArrayList<>();
    private static final Map<String, String> BY_NAME = Map.of(
            "GITHUB_TOKEN", "plainvalue-github-0001",
            "MY_SERVICE_KEY", "plainvalue-service-0002",
            "DB_PASSWORD", "plainvalue-db-0003",
            "AWS_SECRET_ACCESS_KEY", "plainvalue-aws-0004",
            "AWS_PROFILE", "plainvalue-profile-0005",
            "STRIPE_API_KEY_LIVE", "plainvalue-stripe-0006");
    private static final Map<String, String> BY_VALUE = Map.of(
            "MODEL_THING", "sk-proj-Zx81KqP0aa9HdT3mLw2YcVb7",
            "GH_THING", "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            "CHAT_THING", "xoxb-1234567890-abcdefghijklmnop",
            "RANDOM_THING", "q8Zr3LmT0vXw9KbY2nHc7JdP4sFg6AeU1oRi5VtN",
            "DATABASE_URL", "postgres://app:Plain0Passw0rd@db.internal:5432/app",
            "ANTHROPIC_THING", "sk-ant-api03-abcdefghijklmnopqrstuv");

    @TempDir
    Path temp;

    private Path root;
    private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(1);
    private final ExecutorService readers = Executors.newCachedThreadPool();
    private Map<String, String> environment;

    @BeforeEach
    void setUp() {
        root = TestWorkspace.copy("tools", temp);
        environment = new HashMap<>(Map.of("PATH", System.getenv("PATH"), "HOME", temp.toString()));
        environment.putAll(BY_NAME);
        environment.putAll(BY_VALUE);
        environment.put("TOKENIZERS_PARALLELISM", "false");
        environment.put("GIT_COMMIT", "3268146a9f0c4b1d2e5f60718293a4b5c6d7e8f9");
        environment.put("BUILD_ID", "123e4567-e89b-12d3-a456-426614174000");
        environment.put("JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64");
    }

    @AfterEach
    void tearDown() {
        scheduler.shutdownNow();
        readers.shutdownNow();
    }

    private String run(String command) throws Exception {
        CommandRunner runner = new CommandRunner("bash", CommandRunner.Limits.defaults(),
                new CommandEnvironment(environment, () -> keyVariables), scheduler, readers);
        WorkspaceRoots roots = new WorkspaceRoots(List.of(root));
        ToolSet tools = new ToolSet(List.of(new ExecuteCommandTool(roots, temp.resolve("home"),
                new WorkspacePathGuard(roots, new PathPolicy()), runner, () -> { })));
        ObjectNode args = JSON.createObjectNode();
        args.put("command", command);
        args.put("requires_approval", false);
        ToolResult result = tools.execute("execute_command", args,
                new ToolContext(new RecordingHost(), Cancellation.none(), "c1")).get(30, TimeUnit.SECONDS);
        return ((ToolResult.Success) result).text();
    }

    @Test
    void variablesNamedLikeCredentialsNeverReachACommandWhateverTheSettingsSay() throws Exception {
        String env = run("env");
        BY_NAME.forEach((name, value) -> {
            assertFalse(env.contains(name + "="), name + " reached the command:\n" + env);
            assertFalse(env.contains(value), name + "'s value reached the command:\n" + env);
        });
    }

    @Test
    void variablesWhoseValueLooksLikeACredentialNeverReachACommand() throws Exception {
        String env = run("env");
        BY_VALUE.forEach((name, value) -> {
            assertFalse(env.contains(name + "="), name + " reached the command:\n" + env);
            assertFalse(env.contains(value), name + "'s value reached the command:\n" + env);
        });
    }

    @Test
    void ordinaryVariablesStillReachACommand() throws Exception {
        String env = run("env");
        for (String name : List.of("PATH", "TOKENIZERS_PARALLELISM", "GIT_COMMIT", "BUILD_ID", "JAVA_HOME")) {
            assertTrue(env.contains(name + "=" + environment.get(name)), name + " is missing:\n" + env);
        }
    }

    @Test
    void aVariableListedInThePassThroughSettingReachesTheCommandButNeverTheModelsKey() throws Exception {
        environment.put(CommandEnvironment.PASS_VARIABLE, "GITHUB_TOKEN, GH_THING,AGENTLS_LLM_KEY");
        environment.put("AGENTLS_LLM_KEY", "sk-model-key-0123456789abcdef");
        keyVariables.add("AGENTLS_LLM_KEY");
        assertEquals("Exit code 0.\n[plainvalue-github-0001][ghp_16C7e42F292c6912E7710c838347Ae178B4a][][]\n",
                run("echo \"[$GITHUB_TOKEN][$GH_THING][$AGENTLS_LLM_KEY][$DB_PASSWORD]\""));
    }

    @Test
    void aValueKeptOutIsScrubbedFromOutputNamingItsVariable() throws Exception {
        Files.writeString(root.resolve("leak.txt"), "token=plainvalue-github-0001 key=" + BY_VALUE.get("RANDOM_THING")
                + "\n");
        assertEquals("Exit code 0.\ntoken=[redacted: the value of GITHUB_TOKEN] key=[redacted: the value of"
                + " RANDOM_THING]\n", run("cat leak.txt"));
    }

    @Test
    void urlUserinfoInACommandsOutputIsRedacted() throws Exception {
        Files.writeString(root.resolve("remote.txt"), "origin https://bob:s3cretpass@git.example.com/x.git (fetch)\n"
                + "mirror https://ghtoken123@github.com/y.git\nmail bob@example.com\n");
        assertEquals("Exit code 0.\norigin https://[redacted]@git.example.com/x.git (fetch)\n"
                + "mirror https://[redacted]@github.com/y.git\nmail bob@example.com\n", run("cat remote.txt"));
    }
}
