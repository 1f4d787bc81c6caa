package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.tools.TestWorkspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
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

    private ProcessBuilder run(Path root, String... rest) {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), "dev.agentls.cli.Main", "run",
                "--workspace", root.toString(), "--prompt", "Show the environment", "--json"));
        command.addAll(List.of(rest));
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(temp.resolve("stdout.jsonl").toFile()).redirectError(temp.resolve("stderr.txt").toFile());
    }

    @Test
    void noCredentialInTheEnvironmentReachesTheModelThroughACommand() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        String script = new OpenAiScript()
                .answer("", "execute_command", arguments("command", "env", "requires_approval", "false"))
                .answer("Done.", new String[0]).text();
        ExecutorService threads = Executors.newCachedThreadPool();
        try (ReplayServer model = ReplayServer.start(new TranscriptReader().parse(script, "script"), 0, threads,
                line -> { })) {
            ProcessBuilder builder = run(root, "--approve", "all", "--base-url", model.baseUrl() + "/v1",
                    "--model", "m");
            builder.environment().putAll(SECRETS);
            builder.environment().put("VISIBLE_PLAIN", "plain-visible-value");
            Process process = builder.start();
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "agentls run did not end");
            assertEquals(0, process.exitValue(), Files.readString(temp.resolve("stderr.txt")));

            assertEquals(2, model.requests().size());
            String sent = model.requests().get(1).body();
            assertTrue(sent.contains("VISIBLE_PLAIN=plain-visible-value"), "the command's env reached the model: "
                    + sent);
            SECRETS.forEach((name, value) -> {
                assertFalse(sent.contains(name + "="), name + " reached the model");
                assertFalse(sent.contains(value), name + "'s value reached the model");
            });
            assertFalse(sent.contains("Plain0Passw0rd"));
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aKeyInABaseUrlsUserinfoIsShownNeitherInTheMessageNorOnStderr() throws Exception {
        Path root = TestWorkspace.copy("demo", temp.resolve("ws"));
        for (String url : List.of("http://user:Plain0Passw0rd@127.0.0.1:9/v1", "ftp://user:Plain0Passw0rd@x/v1",
                "http://user:Plain0Passw0rd@127.0.0.1:9/v1 x")) {
            Process process = run(root, "--base-url", url, "--model", "m").start();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            String stderr = Files.readString(temp.resolve("stderr.txt"), StandardCharsets.UTF_8);
            String stdout = Files.readString(temp.resolve("stdout.jsonl"), StandardCharsets.UTF_8);
            assertTrue(process.exitValue() != 0, stderr);
            assertTrue(stderr.contains("--base-url"), stderr);
            assertTrue(stderr.contains("[redacted]@"), stderr);
            assertFalse(stderr.contains("Plain0Passw0rd"), stderr);
            assertFalse(stdout.contains("Plain0Passw0rd"), stdout);
        }
    }
}
