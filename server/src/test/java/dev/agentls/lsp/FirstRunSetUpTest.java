package dev.agentls.lsp;

import dev.agentls.session.Agents;
import dev.agentls.session.Tools;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.agent.Agent;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.host.Host;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session's first run (or its first conversation listing) builds its parts (tools, conversations, prompt layers),
 * and a run writes its conversation's file: hundreds of milliseconds under load. That set-up runs off LSP4J's reader
 * thread, so the editor's other requests are answered meanwhile. The agents here hold their set-up until the test lets it go, then have no agent to give (the
 * server's own answer for a server without a model), which is how the run command ends.
 */
@Tag("slow")
class FirstRunSetUpTest {

    @TempDir
    Path temp;

    LspFixture lsp;
    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() throws Exception {
        if (lsp != null) {
            lsp.close();
        }
        pool.shutdownNow();
    }

    /** Agents whose every set-up waits for {@code release}, and counts itself in {@code settingUp} first. */
    private static Agents.Factory heldSetUp(CountDownLatch settingUp, CountDownLatch release,
                                                   List<String> order) {
        return workspace -> new Agents() {
            @Override
            public Agent agent(AgentLsSettings settings, Host host, String runId) {
                order.add(runId);
                settingUp.countDown();
                try {
                    release.await(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Agents.NONE.open(workspace).agent(settings, host, runId);
            }

            @Override
            public List<String> conversationIds() {
                order.add("list");
                settingUp.countDown();
                try {
                    release.await(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return List.of("20261124-120000-abcdef12");
            }

            @Override
            public dev.agentls.conversation.Conversations conversations() {
                return new dev.agentls.conversation.InMemoryConversations();
            }
        };
    }

    private void start(Agents.Factory agents) throws Exception {
        Path root = temp.resolve("demo");
        LspFixture.copyTree(LspFixture.repoRoot().resolve("test-workspaces/demo"), root);
        lsp = new LspFixture(root, new StandardSessions(Duration.ofMinutes(1), StandardSessions.EDIT_REPORT_WAIT,
                Tools.NONE, agents, pool, StandardSessions.daemonTimer()));
        lsp.initialize();
    }

    @Test
    void aRequestSentWhileTheFirstRunIsSetUpIsAnsweredAtOnce() throws Exception {
        CountDownLatch settingUp = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        start(heldSetUp(settingUp, release, new java.util.concurrent.CopyOnWriteArrayList<>()));

        CompletableFuture<Object> run = lsp.execute(StartRunCommand.ID, Map.of("prompt", "Say hello"));
        assertTrue(settingUp.await(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS), "the run's set-up began");
        ExecutionException unknown = assertThrows(ExecutionException.class,
                () -> lsp.execute("agentls.nothing").get(5, TimeUnit.SECONDS),
                "answered while the set-up is held, not after it");
        assertTrue(unknown.getCause().getMessage().contains("unknown command 'agentls.nothing'"),
                unknown.getCause().getMessage());
        assertFalse(run.isDone(), "the run's answer waits for its set-up");

        release.countDown();
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> run.get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS));
        ResponseErrorException error = assertInstanceOf(ResponseErrorException.class, refused.getCause());
        assertEquals("agentls.run: " + Agents.NO_AGENT, error.getMessage());
    }

    @Test
    void aConversationListingThatBuildsTheStoreIsAnsweredOffTheReaderThread() throws Exception {
        CountDownLatch settingUp = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        start(heldSetUp(settingUp, release, new java.util.concurrent.CopyOnWriteArrayList<>()));

        CompletableFuture<Object> listing = lsp.execute(RunCommands.CONVERSATIONS, Map.of());
        assertTrue(settingUp.await(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS), "the listing began");
        assertThrows(ExecutionException.class, () -> lsp.execute("agentls.nothing").get(5, TimeUnit.SECONDS),
                "answered while the listing is held, not after it");
        assertFalse(listing.isDone());

        release.countDown();
        assertEquals("{\"conversations\":[\"20261124-120000-abcdef12\"]}",
                LspFixture.json(listing.get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS)).toString());
    }

    @Test
    void runsAskedForWhileTheFirstIsSetUpAreSetUpInTheOrderTheyCame() throws Exception {
        CountDownLatch settingUp = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        start(heldSetUp(settingUp, release, order));

        List<CompletableFuture<Object>> runs = List.of(lsp.execute(StartRunCommand.ID, Map.of("prompt", "one")),
                lsp.execute(StartRunCommand.ID, Map.of("prompt", "two")),
                lsp.execute(StartRunCommand.ID, Map.of("prompt", "three")));
        assertTrue(settingUp.await(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS));
        lsp.sync();
        assertEquals(List.of("1"), order, "the next runs wait for the first one's set-up");

        release.countDown();
        for (CompletableFuture<Object> run : runs) {
            assertThrows(ExecutionException.class, () -> run.get(LspFixture.TIMEOUT_SECONDS, TimeUnit.SECONDS));
        }
        assertEquals(List.of("1", "2", "3"), order);
    }
}
