package dev.agentls.outline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The repo map kept current from file events, its content cache, hostile files, and asking before it is built. */
@Tag("slow")
class RepoMapUpdatesTest {

    @TempDir
    Path temp;
    private Path root;
    private ExecutorService executor;
    private RepoMap map;

    @BeforeEach
    void build() throws Exception {
        root = TestWorkspaces.copy("repomap", temp.resolve("shop"));
        executor = Executors.newFixedThreadPool(2);
        map = new RepoMap(new WorkspaceRoots(List.of(root)), new SyntaxParser(), executor, 2,
                TokenCounter.estimate());
        map.start().get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    private String mapText() {
        return map.render(RepoMapFocus.NONE, 100_000).text();
    }

    @Test
    void aCreatedFileJoinsTheMapAndRanksByItsUse() throws Exception {
        Path file = root.resolve("src/main/java/shop/ShippingRates.java");
        Files.writeString(file, "package shop;\n\npublic final class ShippingRates {\n"
                + "    public Money shippingFor(Order order) { return Money.of(\"5\", \"EUR\"); }\n}\n");
        map.onFilesChanged(List.of(file), List.of()).get(30, TimeUnit.SECONDS);
        RepoMapResult result = map.render(RepoMapFocus.of(List.of(), "Free shipping in shippingFor"), 4000);
        assertEquals("src/main/java/shop/ShippingRates.java", RepoMapRankingTest.files(result.text()).get(0));
        assertTrue(result.text().contains("4: public Money shippingFor(Order order) {"), result.text());
    }

    @Test
    void aChangedFileShowsItsNewDefinitionsAndLosesTheOldOnes() throws Exception {
        Path file = root.resolve("src/main/java/shop/InvoiceFormatter.java");
        Files.writeString(file, Files.readString(file).replace("formatInvoiceHeader", "formatInvoiceTitle"));
        map.onFilesChanged(List.of(file), List.of()).get(30, TimeUnit.SECONDS);
        String text = mapText();
        assertTrue(text.contains("formatInvoiceTitle"), text);
        assertFalse(text.contains("formatInvoiceHeader"), text);
    }

    @Test
    void aDeletedFileOrFolderLeavesTheMap() throws Exception {
        Files.delete(root.resolve("web/cart.js"));
        map.onFilesChanged(List.of(), List.of(root.resolve("web"))).get(30, TimeUnit.SECONDS);
        Path report = root.resolve("tools/sales_report.py");
        Files.delete(report);
        map.onFilesChanged(List.of(), List.of(report)).get(30, TimeUnit.SECONDS);
        String text = mapText();
        assertFalse(text.contains("cart.js") || text.contains("CartView"), text);
        assertFalse(text.contains("sales_report.py"), text);
        assertEquals(8, map.stats().files());
    }

    @Test
    void unchangedContentIsNotParsedAgain() throws Exception {
        long parsed = map.stats().parsed();
        Path money = root.resolve("src/main/java/shop/Money.java");
        Files.writeString(money, Files.readString(money));
        map.onFilesChanged(List.of(money), List.of()).get(30, TimeUnit.SECONDS);
        assertEquals(parsed, map.stats().parsed());
        assertTrue(map.stats().reused() >= 1);
    }

    @Test
    void contentCopiedFromAnotherFileIsNotParsedAgain() throws Exception {
        long parsed = map.stats().parsed();
        Path copy = root.resolve("src/main/java/shop/CustomerCopy.java");
        Files.copy(root.resolve("src/main/java/shop/Customer.java"), copy);
        map.onFilesChanged(List.of(copy), List.of()).get(30, TimeUnit.SECONDS);
        assertEquals(parsed, map.stats().parsed());
        assertTrue(mapText().contains("src/main/java/shop/CustomerCopy.java:"));
    }

    @Test
    void binaryForeignHugeAndGarbageFilesAreSkippedWithoutHarm() throws Exception {
        Path binary = root.resolve("src/main/java/shop/Blob.java");
        Files.write(binary, new byte[] {'c', 'l', 'a', 's', 's', ' ', 'B', 0, 1, 2});
        Path latin1 = root.resolve("src/main/java/shop/Latin.java");
        Files.write(latin1, new byte[] {'c', 'l', 'a', 's', 's', ' ', 'C', (byte) 0xE9, ' ', '{', '}'});
        Path huge = root.resolve("src/main/java/shop/Huge.java");
        Files.writeString(huge, "class Huge {}\n" + "// filler\n".repeat(300_000));
        Path garbage = root.resolve("web/garbage.js");
        Files.writeString(garbage, "}{)(][ class function => ;;".repeat(2000));
        Path outside = temp.resolve("Outside.java");
        Files.writeString(outside, "class Outside {}\n");
        map.onFilesChanged(List.of(binary, latin1, huge, garbage, outside), List.of()).get(60, TimeUnit.SECONDS);
        String text = mapText();
        assertFalse(text.contains("Blob.java") || text.contains("Latin.java") || text.contains("Huge.java")
                || text.contains("Outside"), text);
        assertTrue(text.contains("src/main/java/shop/Money.java:"), text);
    }

    @Test
    void askedBeforeTheBuildItAnswersWhatItHasAndSaysSo() {
        Queue<Runnable> pending = new ArrayDeque<>();
        Executor manual = pending::add;
        RepoMap unbuilt = new RepoMap(new WorkspaceRoots(List.of(root)), new SyntaxParser(), manual, 1,
                TokenCounter.estimate());
        unbuilt.start();
        RepoMapResult before = unbuilt.render(RepoMapFocus.NONE, 4000);
        assertFalse(before.complete());
        assertEquals("partial: still reading the workspace, 0 files mapped", before.note());
        assertTrue(before.text().contains("(partial: still reading the workspace, 0 files mapped)"), before.text());
        while (!pending.isEmpty()) {
            pending.poll().run();
        }
        RepoMapResult after = unbuilt.render(RepoMapFocus.NONE, 4000);
        assertTrue(after.complete(), after.note());
        assertTrue(after.text().contains("src/main/java/shop/Money.java:"), after.text());
    }

    @Test
    void aNegativeBudgetIsRefusedAndZeroGivesNothing() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> map.render(RepoMapFocus.NONE, -1));
        assertEquals("the repo map's token budget must not be negative: -1", e.getMessage());
        assertEquals("", map.render(RepoMapFocus.NONE, 0).text());
        assertEquals("", map.render(RepoMapFocus.NONE, 5).text(), "not even the header fits 5 tokens");
    }

    @Test
    void aFocusGivenAsAnAbsolutePathOrUriRanksTheFileAndWhatItUsesFirst() {
        String absolute = root.resolve("src/main/java/shop/InvoiceFormatter.java").toString();
        String uri = root.resolve("src/main/java/shop/InvoiceFormatter.java").toUri().toString();
        for (String file : List.of(absolute, uri)) {
            List<String> files = RepoMapRankingTest.files(map.render(RepoMapFocus.of(List.of(file)), 4000).text());
            // the focused file and what it uses first: Money is all InvoiceFormatter uses
            assertEquals(List.of("src/main/java/shop/Money.java", "src/main/java/shop/InvoiceFormatter.java"),
                    files.subList(0, 2), file + ": " + files);
        }
    }
}
