package dev.agentls.mcp;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Lists a server's tools again when it says they changed ({@code notifications/tools/list_changed}), coalesced: the
 * first notice starts a listing after a short quiet delay, and whatever arrives while one waits or runs makes at most one
 * more. A server sending thousands of notices in a burst costs one or two listings, never one each.
 */
final class ToolListRefresh {

    private final Executor afterQuiet;
    private final Supplier<CompletableFuture<List<RemoteTool>>> list;
    private final BiConsumer<List<RemoteTool>, Throwable> listed;
    /** A listing waits for its delay or runs. */
    private boolean pending;
    /** A notice came while the listing ran: its answer may be older than the change. */
    private boolean again;

    /**
     * @param afterQuiet runs a listing after the quiet delay (the notices of a burst arrive meanwhile)
     * @param list       lists the tools (bounded in time by the caller)
     * @param listed     gets each listing's tools, or why it failed
     */
    ToolListRefresh(Executor afterQuiet, Supplier<CompletableFuture<List<RemoteTool>>> list,
                    BiConsumer<List<RemoteTool>, Throwable> listed) {
        this.afterQuiet = afterQuiet;
        this.list = list;
        this.listed = listed;
    }

    /** The server said its tools changed. */
    synchronized void changed() {
        if (pending) {
            again = true;
            return;
        }
        pending = true;
        afterQuiet.execute(this::listNow);
    }

    private void listNow() {
        synchronized (this) {
            // The notices that came during the delay are covered by this listing.
            again = false;
        }
        CompletableFuture<List<RemoteTool>> listing;
        try {
            listing = list.get();
        } catch (RuntimeException e) {
            listing = CompletableFuture.failedFuture(e);
        }
        listing.whenComplete((tools, error) -> {
            listed.accept(tools, error);
            synchronized (this) {
                pending = false;
                if (again) {
                    again = false;
                    changed();
                }
            }
        });
    }
}
