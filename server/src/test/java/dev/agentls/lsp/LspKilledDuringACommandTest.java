package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.testing.AgentProcess;
import dev.agentls.testing.AgentProcesses;
import dev.agentls.testing.ProcessGroups;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ExecuteCommandParams;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code agentls lsp} as the editor runs it (a child process over OS pipes), killed with SIGKILL while a run's
 * command is under way: the command's process group is gone with it, and a second server resumes the conversation,
 * its request valid under OpenAI's rule (every {@code tool_call} id followed by its tool message: the 400 when one is
 * not, https://github.com/QwenLM/qwen-code/issues/606), the stopped command answered as stopped with its effect not
 * known.
 */
@Tag("slow")
class LspKilledDuringACommandTest {

    private static final String KEY_ENV = "AGENTLS_CRASH_TEST_KEY";
    /** Two commands, so the shell stays as the group's leader with its child under it; both run unasked. */
    private static final String COMMAND = "sleep 300; sleep 301";

    @TempDir
    Path temp;

    @RegisterExtension
    final AgentProcesses agents = new AgentProcesses();

    @Test
    void killedDuringACommandLeavesNoProcessAndTheConversationResumes() throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        ReplayServer firstModel = agents.model(new ReplayAnswers()
                .call("execute_command", "command", COMMAND, "requires_approval", false)
                .complete("Slept.").transcript());
        AgentProcess first = start();
        LanguageServer lsp = connect(first, new RunEditor(RealClient.neovim07().declaring(true, false)), root,
                firstModel);
        String conversation = run(lsp, Map.of("prompt", "Sleep")).get("conversationId").getAsString();
        ProcessHandle sleeping = await(() -> sleeper(first), "the command started; server log: " + first.stderr());
        long shell = sleeping.parent().map(ProcessHandle::pid).orElseThrow();
        long pgid = ProcessGroups.groupOf(shell);
        first.signal("KILL");
        assertEquals(137, first.finish(Duration.ofSeconds(30)).status());
        long sleeper = sleeping.pid();
        await(() -> ProcessHandle.of(shell).isEmpty() && ProcessHandle.of(sleeper).isEmpty()
                ? Optional.of(true) : Optional.empty(), "the command (pid " + shell + ") and its child (pid "
                + sleeper + ") died with the server");
        assertFalse(ProcessGroups.alive(pgid), "no process is left in the command's group " + pgid);

        ReplayServer model = agents.model(new ReplayAnswers().text("Resumed.").transcript());
        AgentProcess second = start();
        RunEditor editor = new RunEditor(RealClient.neovim07().declaring(true, false));
        LanguageServer resumed = connect(second, editor, root, model);
        run(resumed, Map.of("prompt", "continue", "conversationId", conversation));
        JsonObject finished = await(() -> editor.events.stream()
                .filter(e -> e.get("type").getAsString().equals("run_finished")).findFirst(),
                "the resumed run finished; server log: " + second.stderr());
        assertEquals("completed", finished.get("status").getAsString(), finished.toString());
        assertEquals(1, model.requests().size());
        JsonArray messages = JsonParser.parseString(model.requests().get(0).body()).getAsJsonObject()
                .getAsJsonArray("messages");
        assertEveryCallAnswered(messages);
        String stopped = messages.asList().stream().map(JsonElement::getAsJsonObject)
                .filter(m -> m.get("role").getAsString().equals("tool")).map(m -> m.get("content")
                        .getAsString()).findFirst().orElseThrow();
        assertTrue(stopped.startsWith("execute_command: no result: the agent stopped during this call"),
                stopped);
        assertTrue(stopped.contains("Whether it took effect is not known"), stopped);
    }

    /** The shell's child running the first sleep, once it runs. */
    private static Optional<ProcessHandle> sleeper(AgentProcess server) {
        return server.descendants().filter(p -> p.info().commandLine().orElse("").endsWith("sleep 300"))
                .findFirst();
    }

    /** {@code agentls lsp} over OS pipes, as the editor starts it; its model key in the environment. */
    private AgentProcess start() throws IOException {
        return LspProcess.server(agents).env(KEY_ENV, "test-key").start();
    }

    private LanguageServer connect(AgentProcess process, RunEditor editor, Path root, ReplayServer model)
            throws Exception {
        JsonObject llm = new JsonObject();
        llm.addProperty("provider", "openai");
        llm.addProperty("baseUrl", model.baseUrl() + "/v1");
        llm.addProperty("model", "m");
        llm.addProperty("apiKeyEnv", KEY_ENV);
        JsonObject settings = new JsonObject();
        settings.add("llm", llm);
        return LspProcess.initialized(process, editor, agents.threads(), root, settings,
                Duration.ofSeconds(LspFixture.TIMEOUT_SECONDS));
    }

    private static JsonObject run(LanguageServer server, Map<String, String> arguments) throws Exception {
        Object answer = server.getWorkspaceService().executeCommand(new ExecuteCommandParams("agentls.run",
                List.of(new com.google.gson.Gson().toJsonTree(arguments)))).get(LspFixture.TIMEOUT_SECONDS,
                TimeUnit.SECONDS);
        return LspFixture.json(answer);
    }

    /** OpenAI: the tool messages right after an assistant message answer exactly its tool_call ids. */
    private static void assertEveryCallAnswered(JsonArray messages) {
        List<JsonObject> all = messages.asList().stream().map(JsonElement::getAsJsonObject).toList();
        boolean anyCall = false;
        for (int i = 0; i < all.size(); i++) {
            if (!all.get(i).has("tool_calls")) {
                continue;
            }
            anyCall = true;
            Set<String> ids = new HashSet<>();
            all.get(i).getAsJsonArray("tool_calls").forEach(c -> ids.add(c.getAsJsonObject().get("id")
                    .getAsString()));
            for (int j = i + 1; j < all.size() && all.get(j).get("role").getAsString().equals("tool"); j++) {
                assertTrue(ids.remove(all.get(j).get("tool_call_id").getAsString()), all.get(j).toString());
            }
            assertTrue(ids.isEmpty(), "calls with no tool message after them: " + ids + " in " + all);
        }
        assertTrue(anyCall, "the saved call is in the resumed request: " + all);
    }

    /** Polls (bounded) until {@code probe} gives a value. */
    private static <T> T await(java.util.function.Supplier<Optional<T>> probe, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LspFixture.TIMEOUT_SECONDS * 2);
        while (System.nanoTime() < deadline) {
            Optional<T> value = probe.get();
            if (value.isPresent()) {
                return value.get();
            }
            Thread.sleep(20);
        }
        throw new AssertionError("timed out waiting: " + what);
    }
}
