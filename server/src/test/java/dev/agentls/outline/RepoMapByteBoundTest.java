package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A repo map that fits its budget by the byte bound is rendered without running the tokenizer (whose first count loads
 * an encoding, 0.3 s of CPU before a small project's first request), and is the same map exact counting gives; one
 * that does not fit by the bound is counted and fitted exactly. On test-workspaces/repomap, with a counting tokenizer
 * (a word a token: never more than a token per byte, as a byte-level BPE).
 */
class RepoMapByteBoundTest {

    @TempDir
    Path temp;
    private ExecutorService executor;
    private RepoMap map;
    private final AtomicInteger counts = new AtomicInteger();
    private final TokenCounter words = TokenCounter.withTokenizer(text -> {
        counts.incrementAndGet();
        return text.isBlank() ? 0 : text.strip().split("\\s+").length;
    }, "words");

    @BeforeEach
    void build() throws Exception {
        Path root = TestWorkspaces.copy("repomap", temp.resolve("shop"));
        executor = Executors.newFixedThreadPool(2);
        map = new RepoMap(new WorkspaceRoots(List.of(root)), new SyntaxParser(), executor, 2, words);
        map.start().get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void aMapThatFitsByItsUtf8SizeIsRenderedWithoutRunningTheTokenizer() {
        RepoMapResult whole = map.render(RepoMapFocus.NONE, 100_000);

        assertEquals(0, counts.get(), "tokenizer runs");
        assertEquals(TokenCounter.utf8Bytes(whole.text()), whole.tokens(), "its size is the byte bound");
        assertTrue(whole.text().contains("src/main/java/shop/Money.java:"), whole.text());
        assertEquals(10, whole.files());
        // The same text as exact counting gives: a budget of the exact count forces the counted path.
        int exact = words.count(whole.text());
        counts.set(0);
        RepoMapResult counted = map.render(RepoMapFocus.NONE, exact);
        assertTrue(counts.get() > 0, "a map that does not fit by its bytes is counted");
        assertEquals(whole.text(), counted.text());
        assertEquals(exact, counted.tokens());
    }

    @Test
    void aMapPastItsByteBoundIsCountedAndFittedToTheBudget() {
        int budget = (int) TokenCounter.utf8Bytes(map.render(RepoMapFocus.NONE, 100_000).text()) / 8;
        counts.set(0);
        RepoMapResult fitted = map.render(RepoMapFocus.NONE, budget);

        assertTrue(counts.get() > 0, "tokenizer runs");
        assertTrue(fitted.tokens() <= budget, fitted.tokens() + " > " + budget);
        assertEquals(words.count(fitted.text()), fitted.tokens());
        assertTrue(TokenCounter.utf8Bytes(fitted.text()) > budget, "more shown than the byte bound alone allows");
    }
}
