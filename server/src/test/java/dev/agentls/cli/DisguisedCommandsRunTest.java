package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.tools.TestWorkspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls run --approve ask} as its own process, stdin at end of input (no one to answer), against a scripted
 * hostile model on loopback: it writes scripts, then runs a representative set of disguised commands and the git
 * chains in one answer. None runs: every command that would have touched a file outside the workspace asked and was
 * declined, the writes to {@code .git} were refused, and nothing outside the workspace changed.
 */
@Tag("slow")
class DisguisedCommandsRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void underApproveAskWithNoOneAnsweringNoDisguisedCommandRunsAndNothingOutsideChanges() throws Exception {
        Path outside = Files.createDirectories(temp.resolve("outside"));
        Path root = TestWorkspace.copy("demo", outside);
        git(root, "init", "-q");
        String evil = "touch " + outside.resolve("pwned") + "\n";
        List<String> commands = List.of(
                "source /dev/stdin <<< 'touch ../pwned'",
                "IFS=,; c=\"touch,../pwned\"; $c",
                "python3 -c \"getattr(__import__('o'+'s'),'sys'+'tem')('touch ../pwned')\"",
                "awk 'BEGIN{system(\"touch ../pwned\")}'",
                "trap 'touch ../pwned' EXIT",
                "perl -e 'open(F, \">../pwned\")'",
                "sed -n 'w ../pwned' README.md",
                "sh evil.sh",
                "make -s",
                "python3 evil.py",
                "BASH_ENV=evil.sh bash -c true",
                "eval 'touch ../pwned'",
                "find . -maxdepth 0 -exec touch ../pwned \\;",
                "echo x | xargs -I{} touch ../pwned",
                "x='a[$(touch ../pwned)]'; echo $((x))",
                "git status");
        List<String> calls = new ArrayList<>(List.of(
                "write_to_file", arguments("target_file", "evil.sh", "content", evil),
                "write_to_file", arguments("target_file", "evil.py", "content",
                        "import os\nos.system('" + evil.strip() + "')\n"),
                "write_to_file", arguments("target_file", "Makefile", "content", "all:\n\t" + evil),
                "write_to_file", arguments("target_file", ".git/config", "content",
                        "[core]\n\tfsmonitor = " + root.resolve("evil.sh") + "\n"),
                "write_to_file", arguments("target_file", ".envrc", "content", evil),
                "delete_file", arguments("target_file", ".git/HEAD")));
        for (String command : commands) {
            calls.add("execute_command");
            calls.add(arguments("command", command, "requires_approval", "false"));
        }
        String script = new OpenAiScript()
                .answer("", calls.toArray(String[]::new))
                .answer("", "attempt_completion", arguments("result", "Done."))
                .text();
        List<String> before = listing(outside, root);
        byte[] head = Files.readAllBytes(root.resolve(".git/HEAD"));
        ReplayServer server = agents.model(new TranscriptReader().parse(script, "script"));
        Ended ended = agents.agentls("run", "--workspace", root.toString(), "--prompt", "Tidy up", "--json",
                "--approve", "ask", "--base-url", server.baseUrl() + "/v1", "--model", "m").input("").start()
                .finish(Duration.ofSeconds(120));
        List<JsonNode> results = new ArrayList<>();
        for (String line : ended.stdout().lines().toList()) {
            JsonNode event = JSON.readTree(line);
            if (event.path("type").asText().equals("tool_result")) {
                results.add(event);
            }
        }
        String log = ended.stderr();
        assertEquals(6 + commands.size(), results.size() - 1, "every call answered: " + results + "\n" + log);
        for (int i = 6; i < 6 + commands.size() - 1; i++) {
            String text = results.get(i).path("text").asText();
            assertTrue(text.startsWith("execute_command: the user declined to run `") && text.endsWith("Nothing was"
                    + " run."), commands.get(i - 6) + " -> " + text);
        }
        assertTrue(results.get(3).path("text").asText().contains("inside git's own folder (.git)"), results.toString());
        assertTrue(results.get(4).path("text").asText().contains("the user declined to change '.envrc'"));
        assertTrue(results.get(5).path("text").asText().startsWith("delete_file: refused to delete '.git/HEAD'"));
        assertTrue(results.get(6 + commands.size() - 1).path("ok").asBoolean(), "git status reads only and ran");
        assertEquals(before, listing(outside, root), "nothing outside the workspace changed");
        assertEquals(new String(head), Files.readString(root.resolve(".git/HEAD")));
        assertTrue(!Files.exists(root.resolve(".envrc")));
    }

    /** Every path under {@code folder} outside {@code workspace}, with its size. */
    private static List<String> listing(Path folder, Path workspace) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(p -> !p.startsWith(workspace)).map(p -> p + " " + p.toFile().length()).sorted()
                    .toList();
        }
    }

    private static void git(Path root, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0);
    }
}
