package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcess.Ended;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.testing.ProcessGroups;
import dev.agentls.tools.TestWorkspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code agentls run} as its own process, killed with SIGKILL at each point where it saves its conversation (the
 * request, while the model streams; the answer with its calls, before any runs; after some results were appended),
 * each time during a command it started. Then: the command's process group is gone, no temp file of an interrupted
 * write is left, and the conversation resumes, its next request valid under OpenAI's rule (every assistant
 * {@code tool_call} id followed by its tool message: the 400 when one is not, https://github.com/QwenLM/qwen-code/issues/606)
 * and Anthropic's (each {@code tool_use} answered by a {@code tool_result} in the next user message: the 400 after an
 * interrupted tool step, https://github.com/anthropics/claude-code/issues/5989).
 */
@Tag("slow")
class CrashResumeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    private Path root;

    @BeforeEach
    void workspace() throws IOException {
        root = TestWorkspace.copy("demo", temp.resolve("ws"));
    }

    /** k read_file calls, then a command that records its pid and its child's and sleeps: killed during it. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3})
    void killedDuringACommandAfterSomeResultsLeavesNoProcessAndResumesValidUnderBothProviders(int readsBefore)
            throws Exception {
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < readsBefore; i++) {
            calls.add("read_file");
            calls.add(arguments("target_file", "src/main/java/demo/Greeter.java"));
        }
        calls.add("execute_command");
        calls.add(arguments("command", "echo $$ > cmd.pid; sleep 300 & echo $! > child.pid; wait",
                "requires_approval", "false"));
        calls.add("read_file");
        calls.add(arguments("target_file", "README.md"));
        String script = new OpenAiScript().answer("Working.", calls.toArray(String[]::new)).text();
        String conversation = runAndKill(script, () -> Files.exists(root.resolve("child.pid"))
                && readPid("child.pid") > 0);

        long shell = readPid("cmd.pid");
        long child = readPid("child.pid");
        await(() -> ProcessHandle.of(shell).isEmpty() && ProcessHandle.of(child).isEmpty(),
                "the command (pid " + shell + ") and its child (pid " + child + ") died with the agent");
        assertGroupGone(shell);
        assertNoTempFile();
        resumeUnderBothProviders(conversation, readsBefore);
    }

    @Test
    void killedWhileTheModelStreamsResumesWithTheRequestSavedAndNoCallDangling() throws Exception {
        String script = new OpenAiScript().answer("Thinking...", 60_000, "read_file",
                arguments("target_file", "README.md")).text();
        String conversation = runAndKill(script, () -> !server().requests().isEmpty());
        assertNoTempFile();
        resumeUnderBothProviders(conversation, 0);
    }

    private ReplayServer current;

    private ReplayServer server() {
        return current;
    }

    /** Runs the script until {@code ready}, kills the JVM with SIGKILL, answers the conversation id. */
    private String runAndKill(String script, BooleanSupplier ready) throws Exception {
        try (ReplayServer server = agents.model(new TranscriptReader().parse(script, "script"));
             AgentProcess process = start(server, "Do it", null, "openai")) {
            current = server;
            await(() -> {
                assertTrue(process.isAlive(), "agentls run ended early: " + process.stderr());
                return ready.getAsBoolean();
            }, "the moment to kill came");
            process.signal("KILL");
            assertEquals(137, process.finish(Duration.ofSeconds(30)).status());
        }
        try (Stream<Path> files = Files.list(root.resolve(".agentls/conversations"))) {
            List<String> ids = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - 5)).toList();
            assertEquals(1, ids.size(), ids.toString());
            return ids.get(0);
        }
    }

    /** Resumes with OpenAI, then with Anthropic: each request sent is valid, and one "continue" is added per resume. */
    private void resumeUnderBothProviders(String conversation, int callsWithResults) throws Exception {
        JsonNode openAi = resume(conversation, "openai", new OpenAiScript().answer("Resumed.").text());
        List<JsonNode> messages = new ArrayList<>();
        openAi.path("messages").forEach(messages::add);
        assertOpenAiValid(messages);
        assertEquals(1, messages.stream().filter(m -> m.path("content").asText().equals("continue")).count(),
                messages.toString());
        long stopped = messages.stream().filter(m -> m.path("role").asText().equals("tool")
                && m.path("content").asText().contains("the agent stopped during this call")).count();
        long answered = messages.stream().filter(m -> m.path("role").asText().equals("tool")).count();
        assertEquals(callsWithResults, answered - stopped, "results saved before the kill: " + messages);
        assertStoppedCallsSayWhatIsKnown(messages);

        JsonNode anthropic = resume(conversation, "anthropic", anthropicText("Again."));
        List<JsonNode> turns = new ArrayList<>();
        anthropic.path("messages").forEach(turns::add);
        assertAnthropicValid(turns);
        assertEquals(2, anthropic.toString().split("\"text\":\"continue\"", -1).length - 1,
                "one continue per resume: " + anthropic);
    }

    private JsonNode resume(String conversation, String provider, String script) throws Exception {
        try (ReplayServer server = agents.model(new TranscriptReader().parse(script, "script"))) {
            Ended resumed = start(server, "continue", conversation, provider).finish(Duration.ofSeconds(60));
            assertEquals(0, resumed.status(), resumed.stderr());
            assertEquals(1, server.requests().size());
            return JSON.readTree(server.requests().get(0).body());
        }
    }

    /** A stopped read had no effect on files; a stopped command's effect is not known. */
    private static void assertStoppedCallsSayWhatIsKnown(List<JsonNode> messages) {
        java.util.Map<String, String> names = new java.util.HashMap<>();
        messages.forEach(m -> m.path("tool_calls").forEach(c -> names.put(c.path("id").asText(),
                c.path("function").path("name").asText())));
        for (JsonNode m : messages) {
            String text = m.path("content").asText();
            if (!m.path("role").asText().equals("tool") || !text.contains("the agent stopped during this call")) {
                continue;
            }
            String name = names.get(m.path("tool_call_id").asText());
            assertTrue(text.startsWith(name + ": no result"), text);
            assertTrue(name.equals("read_file") ? text.contains("so the call had no effect on files")
                    : text.contains("Whether it took effect is not known"), text);
        }
    }

    /** OpenAI: the tool messages right after an assistant message answer exactly its tool_call ids. */
    private static void assertOpenAiValid(List<JsonNode> messages) {
        for (int i = 0; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            if (!m.path("tool_calls").isArray()) {
                continue;
            }
            Set<String> ids = new HashSet<>();
            m.path("tool_calls").forEach(c -> ids.add(c.path("id").asText()));
            int j = i + 1;
            while (j < messages.size() && messages.get(j).path("role").asText().equals("tool")) {
                assertTrue(ids.remove(messages.get(j).path("tool_call_id").asText()), "a result of an unknown call: "
                        + messages.get(j));
                j++;
            }
            assertTrue(ids.isEmpty(), "calls with no tool message after them: " + ids + " in " + messages);
        }
    }

    /** Anthropic: the user turn after an assistant turn holds a tool_result for each of its tool_use ids. */
    private static void assertAnthropicValid(List<JsonNode> turns) {
        for (int i = 0; i < turns.size(); i++) {
            Set<String> uses = new HashSet<>();
            turns.get(i).path("content").forEach(b -> {
                if (b.path("type").asText().equals("tool_use")) {
                    uses.add(b.path("id").asText());
                }
            });
            if (uses.isEmpty()) {
                continue;
            }
            assertTrue(i + 1 < turns.size() && turns.get(i + 1).path("role").asText().equals("user"), "a user turn"
                    + " follows: " + turns);
            turns.get(i + 1).path("content").forEach(b -> {
                if (b.path("type").asText().equals("tool_result")) {
                    uses.remove(b.path("tool_use_id").asText());
                }
            });
            assertTrue(uses.isEmpty(), "tool_use with no tool_result in the next user turn: " + uses + " in "
                    + turns);
        }
    }

    private AgentProcess start(ReplayServer server, String prompt, String conversation, String provider)
            throws IOException {
        AgentProcess.Builder run = agents.agentls("run", "--workspace", root.toString(), "--prompt", prompt, "--json",
                "--approve", "all", "--provider", provider, "--base-url",
                server.baseUrl() + (provider.equals("openai") ? "/v1" : ""), "--model", "m");
        if (conversation != null) {
            run.args("--conversation", conversation);
        }
        return run.env("OPENAI_API_KEY", "test-key").env("ANTHROPIC_API_KEY", "test-key").start();
    }

    private static String anthropicText(String text) {
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"response\"}");
        lines.add(event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":"
                + "\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"m\",\"usage\":{\"input_tokens\":10,"
                + "\"output_tokens\":1}}}"));
        lines.add(event("content_block_start", "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":"
                + "{\"type\":\"text\",\"text\":\"\"}}"));
        lines.add(event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":"
                + "\"text_delta\",\"text\":\"" + text + "\"}}"));
        lines.add(event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"));
        lines.add(event("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},"
                + "\"usage\":{\"output_tokens\":3}}"));
        lines.add(event("message_stop", "{\"type\":\"message_stop\"}"));
        return String.join("\n", lines) + "\n";
    }

    private static String event(String name, String data) {
        return "{\"type\":\"sse\",\"event\":\"" + name + "\",\"data\":" + data + "}";
    }

    private void assertGroupGone(long pgid) throws Exception {
        assertFalse(ProcessGroups.alive(pgid), "no process is left in the command's group " + pgid);
    }

    private void assertNoTempFile() throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> left = files.filter(f -> f.getFileName().toString().endsWith(".agentls-tmp")).toList();
            assertTrue(left.isEmpty(), "temp files left: " + left);
        }
    }

    private long readPid(String file) {
        try {
            String text = Files.readString(root.resolve(file)).strip();
            return text.isEmpty() ? -1 : Long.parseLong(text);
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
            Thread.sleep(50);
        }
    }
}
