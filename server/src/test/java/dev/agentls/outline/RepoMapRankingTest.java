package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repo map's ranking on test-workspaces/repomap, a shop whose call graph is known: the file a request is about
 * must come first, the files it uses next, and what is unrelated or ignored last or not at all.
 */
@Tag("slow")
class RepoMapRankingTest {

    @TempDir
    Path temp;
    private ExecutorService executor;
    private RepoMap map;

    @BeforeEach
    void build() throws Exception {
        Path root = TestWorkspaces.copy("repomap", temp.resolve("shop"));
        executor = Executors.newFixedThreadPool(2);
        map = new RepoMap(new WorkspaceRoots(List.of(root)), new SyntaxParser(), executor, 2,
                TokenCounter.estimate());
        map.start().get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void withoutFocusTheMostUsedTypeComesFirst() {
        RepoMapResult result = map.render(RepoMapFocus.NONE, 4000);
        assertEquals("src/main/java/shop/Money.java", files(result.text()).get(0), result.text());
        assertTrue(result.complete());
        assertEquals("", result.note());
    }

    @Test
    void aRequestNamingAMethodPutsItsFileFirstAndShowsTheMethod() {
        RepoMapFocus focus = RepoMapFocus.of(List.of(), "Loyal customers should get 10% in discountFor");
        RepoMapResult result = map.render(focus, 4000);
        assertEquals("src/main/java/shop/PricingPolicy.java", files(result.text()).get(0), result.text());
        assertTrue(result.text().contains("10: public BigDecimal discountFor(Customer customer) {"), result.text());
    }

    @Test
    void aSmallBudgetKeepsOnlyWhatTheRequestIsAbout() {
        RepoMapFocus focus = RepoMapFocus.of(List.of(), "Loyal customers should get 10% in discountFor");
        RepoMapResult result = map.render(focus, 70);
        assertEquals(List.of("src/main/java/shop/PricingPolicy.java"), files(result.text()), result.text());
        assertTrue(result.text().contains("discountFor"), result.text());
        assertTrue(result.tokens() <= 70, "tokens " + result.tokens());
    }

    @Test
    void aFocusedFileRanksTheFilesItUsesAboveUnrelatedOnes() {
        RepoMapFocus focus = RepoMapFocus.of(List.of("src/main/java/shop/CheckoutService.java"), "make this faster");
        List<String> files = files(map.render(focus, 4000).text());
        int repository = files.indexOf("src/main/java/shop/OrderRepository.java");
        int pricing = files.indexOf("src/main/java/shop/PricingPolicy.java");
        int invoice = files.indexOf("src/main/java/shop/InvoiceFormatter.java");
        assertTrue(repository >= 0 && pricing >= 0 && invoice >= 0, files.toString());
        assertTrue(repository < invoice && pricing < invoice, files.toString());
    }

    @Test
    void aFileNamedInTheRequestComesFirst() {
        RepoMapFocus focus = RepoMapFocus.of(List.of(), "Add a header line to InvoiceFormatter");
        assertEquals("src/main/java/shop/InvoiceFormatter.java", files(map.render(focus, 4000).text()).get(0));
    }

    @Test
    void mapsEveryGrammarAndNeverAnIgnoredFile() {
        String text = map.render(RepoMapFocus.NONE, 100_000).text();
        assertTrue(text.contains("web/cart.js:") && text.contains("class CartView"), text);
        assertTrue(text.contains("tools/sales_report.py:") && text.contains("def weekly_total(sales):"), text);
        assertTrue(text.contains("pricing/rates.go:") && text.contains("func RateFor("), text);
        assertFalse(text.contains("GeneratedMoneyAdapter"), text);
        assertEquals(10, map.stats().files());
    }

    @Test
    void everyBudgetIsKeptAndALargerBudgetShowsMore() {
        int previous = -1;
        for (int budget : new int[] {40, 80, 160, 320, 640}) {
            RepoMapResult result = map.render(RepoMapFocus.NONE, budget);
            assertTrue(result.tokens() <= budget, budget + ": " + result.tokens());
            assertEquals(TokenCounter.estimate().count(result.text()), result.tokens());
            assertTrue(result.definitions() >= previous, budget + ": " + result.definitions() + " < " + previous);
            previous = result.definitions();
        }
        assertTrue(previous > 10, "640 tokens showed only " + previous + " definitions");
    }

    @Test
    void theSameRequestGivesTheSameMap() {
        RepoMapFocus focus = RepoMapFocus.of(List.of(), "checkout saves the order");
        assertEquals(map.render(focus, 300).text(), map.render(focus, 300).text());
    }

    @Test
    void focusReadsPathsAndIdentifiersFromTheRequest() {
        RepoMapFocus focus = RepoMapFocus.of(List.of("a/B.java"), "Fix src/shop/Order.java and priceOf, see x");
        assertEquals(List.of("a/B.java", "src/shop/Order.java"), focus.files());
        assertTrue(focus.identifiers().containsAll(Set.of("Fix", "priceOf")), focus.identifiers().toString());
        assertFalse(focus.identifiers().contains("x"));
    }

    /** The files of a map, in the order it shows them. */
    static List<String> files(String text) {
        List<String> files = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.startsWith(" ") && line.endsWith(":") && !line.startsWith("#")) {
                files.add(line.substring(0, line.length() - 1));
            }
        }
        return files;
    }
}
