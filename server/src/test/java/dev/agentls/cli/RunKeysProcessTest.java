package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run} as its own process: no credential in its environment reaches the model through a command
 * ({@code env} under {@code --approve all}, with no setting naming any of them), and a key in a base URL's userinfo
 * reaches neither the error message nor stderr.
 */
@Tag("slow")
class RunKeysProcessTest {

    private static final Map<String, String> SECRETS = Map.of(
            "GITHUB_TOKEN", "plainvalue-github-0001",
            "MY_PROVIDER", "sk-proj-Zx81KqP0aa9HdT3mLw2YcVb7",
            "HTTPS_PROXY", "http://proxyuser:Plain0Passw0rd@proxy.internal:3128",
            "OPAQUE", "q8Zr3LmT0vXw9KbY2nHc7JdP4sFg6AeU1oRi5VtN",
            "AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY");

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private AgentProcess.Builder run(Path root, String... rest) {
        return agents.agentls("run", "--workspace", root.toString(), "--prompt", "Show the environment", "--json")
                .args(rest).jvm("-XX:TieredStopAtLevel=1").input("");
    }

    @Test
    void noCredentialInTheEnvironmentReachesTheModelThroughACommand() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String script = new OpenAiScript()
                .answer("", "execute_command", arguments("command", "env", "requires_approval", "false"))
                .answer("Done.", new String[0]).text();
        try (ReplayServer model = agents.model(new TranscriptReader().parse(script, "script"))) {
            Ended ended = run(root, "--approve", "all", "--base-url", model.baseUrl() + "/v1", "--model", "m")
                    .env(SECRETS).env("VISIBLE_PLAIN", "plain-visible-value").start().finish(Duration.ofSeconds(120));
            assertEquals(0, ended.status(), ended.stderr());

            assertEquals(2, model.requests().size());
            String sent = model.requests().get(1).body();
            assertTrue(sent.contains("VISIBLE_PLAIN=plain-visible-value"), "the command's env reached the model: "
                    + sent);
            SECRETS.forEach((name, value) -> {
                assertFalse(sent.contains(name + "="), name + " reached the model");
                assertFalse(sent.contains(value), name + "'s value reached the model");
            });
            assertFalse(sent.contains("Plain0Passw0rd"));
        }
    }

    @Test
    void aKeyInABaseUrlsUserinfoIsShownNeitherInTheMessageNorOnStderr() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        for (String url : List.of("http://user:Plain0Passw0rd@127.0.0.1:9/v1", "ftp://user:Plain0Passw0rd@x/v1",
                "http://user:Plain0Passw0rd@127.0.0.1:9/v1 x")) {
            Ended ended = run(root, "--base-url", url, "--model", "m").start().finish(Duration.ofSeconds(60));
            String stderr = ended.stderr();
            String stdout = ended.stdout();
            assertTrue(ended.status() != 0, stderr);
            assertTrue(stderr.contains("--base-url"), stderr);
            assertTrue(stderr.contains("[redacted]@"), stderr);
            assertFalse(stderr.contains("Plain0Passw0rd"), stderr);
            assertFalse(stdout.contains("Plain0Passw0rd"), stdout);
        }
    }
}
