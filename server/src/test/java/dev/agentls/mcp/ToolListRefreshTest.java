package dev.agentls.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The coalescing of {@link ToolListRefresh}, step by step: the quiet delay is an executor the test runs by hand and
 * each listing a future the test completes, so every interleaving is exact and nothing sleeps.
 */
class ToolListRefreshTest {

    private final Deque<Runnable> afterQuiet = new ArrayDeque<>();
    private final List<CompletableFuture<List<RemoteTool>>> listings = new ArrayList<>();
    private final List<Object> listed = new ArrayList<>();
    private final ToolListRefresh refresh = new ToolListRefresh(afterQuiet::add, () -> {
        CompletableFuture<List<RemoteTool>> listing = new CompletableFuture<>();
        listings.add(listing);
        return listing;
    }, (tools, error) -> listed.add(error == null ? tools : error));

    private static List<RemoteTool> tools(String... names) {
        List<RemoteTool> tools = new ArrayList<>();
        for (String name : names) {
            tools.add(new RemoteTool(name, "", McpFixtures.JSON.createObjectNode()));
        }
        return tools;
    }

    @Test
    void noticesArrivingDuringTheQuietDelayAreCoveredByTheOneListingThatFollows() {
        for (int i = 0; i < 1_000; i++) {
            refresh.changed();
        }
        assertEquals(1, afterQuiet.size(), "one listing waits");

        afterQuiet.poll().run();
        listings.get(0).complete(tools("a"));

        assertEquals(1, listings.size());
        assertEquals(List.of(tools("a")), listed);
        assertNull(afterQuiet.poll(), "nothing more to list");
    }

    @Test
    void noticesArrivingWhileAListingRunsMakeExactlyOneMore() {
        refresh.changed();
        afterQuiet.poll().run();
        for (int i = 0; i < 1_000; i++) {
            refresh.changed();
        }
        assertEquals(0, afterQuiet.size(), "none starts while one runs");

        listings.get(0).complete(tools("old"));
        afterQuiet.poll().run();
        listings.get(1).complete(tools("old", "new"));

        assertEquals(2, listings.size());
        assertEquals(List.of(tools("old"), tools("old", "new")), listed);
        assertNull(afterQuiet.poll());
    }

    @Test
    void aFailedListingIsReportedAndTheNextNoticeListsAgain() {
        IllegalStateException down = new IllegalStateException("down");
        refresh.changed();
        afterQuiet.poll().run();
        listings.get(0).completeExceptionally(down);

        refresh.changed();
        afterQuiet.poll().run();
        listings.get(1).complete(tools("back"));

        assertSame(down, listed.get(0));
        assertEquals(tools("back"), listed.get(1));
    }

    @Test
    void aListerThatThrowsIsReportedAsAFailedListingAndDoesNotWedgeTheRefresh() {
        IllegalStateException broken = new IllegalStateException("broken");
        List<Object> seen = new ArrayList<>();
        Deque<Runnable> delay = new ArrayDeque<>();
        int[] calls = {0};
        ToolListRefresh throwing = new ToolListRefresh(delay::add, () -> {
            if (calls[0]++ == 0) {
                throw broken;
            }
            return CompletableFuture.completedFuture(tools("fine"));
        }, (tools, error) -> seen.add(error == null ? tools : error));

        throwing.changed();
        delay.poll().run();
        throwing.changed();
        delay.poll().run();

        assertSame(broken, seen.get(0));
        assertEquals(tools("fine"), seen.get(1));
    }
}
