package dev.agentls.workspace;

import java.util.ArrayList;
import java.util.List;

/**
 * The shared state of one parallel search: hands out chunks in order, collects each chunk's matches in its slot,
 * and stops handing out chunks once more than {@code limit} matches are known (first-N mode). Because chunks are
 * handed out in order and every handed-out chunk finishes, the first N matches in path order are exact.
 */
final class ChunkRun {

    /** What one chunk found. */
    static final class Found {
        final List<GrepMatch> matches = new ArrayList<>();
        long count;
        int files;
    }

    private final Found[] slots;
    private final long limit;
    private int nextChunk;
    private int inFlight;
    private long found;
    private volatile boolean stopped;

    ChunkRun(int chunks, long limit) {
        this.slots = new Found[Math.max(0, chunks)];
        this.limit = limit;
    }

    synchronized int grab() {
        if (stopped || nextChunk >= slots.length) {
            return -1;
        }
        inFlight++;
        return nextChunk++;
    }

    synchronized void finish(int chunk, Found result) {
        slots[chunk] = result;
        found += result.count;
        if (found > limit) {
            stopped = true;
        }
        inFlight--;
        notifyAll();
    }

    synchronized void awaitQuiet() {
        boolean interrupted = false;
        while (inFlight > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    synchronized GrepResult result(int max, boolean countAll) {
        List<GrepMatch> matches = new ArrayList<>();
        long total = 0;
        int files = 0;
        boolean more = false;
        for (Found f : slots) {
            if (f == null) {
                continue;
            }
            total += f.count;
            files += f.files;
            for (GrepMatch m : f.matches) {
                if (matches.size() < max) {
                    matches.add(m);
                } else {
                    more = true;
                }
            }
        }
        more |= total > max;
        return new GrepResult(matches, more, countAll ? total : -1, files);
    }
}
