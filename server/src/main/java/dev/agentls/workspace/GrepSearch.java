package dev.agentls.workspace;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * Regex search over the warm index. Owns turning a {@link GrepQuery} into matches, fast: file bytes are scanned in
 * memory; literals read from the pattern ({@link RegexPlan}) pick candidate lines with a vectorised scan before RE2/J
 * (linear time, so no pattern can hang the server) sees a line, and patterns that are only literals with word
 * boundaries never need RE2/J at all. Files are split into chunks searched in path order by the calling thread and
 * {@code parallelism - 1} helpers; first-N mode stops once more than N matches are known. Open editor buffers are
 * searched instead of disk. Ignore rules and the deny list apply through the index. Refuses empty patterns, patterns
 * with a line break, bad regexes (naming the position) and bad globs.
 */
public final class GrepSearch {

    /** Longest line text returned with a match. */
    public static final int MAX_LINE_CHARS = 250;
    private static final int CHUNK_BYTES = 256 * 1024;
    private static final int CHUNK_FILES = 128;
    /** Chunks the calling thread searches alone before enlisting helpers in first-N mode (about 1 MiB). */
    private static final int SOLO_CHUNKS = 4;

    private final FileIndex index;
    private final DocumentStore documents;
    private final Executor helpers;
    private final int parallelism;
    /**
     * Targets of recent queries by their globs, with the index arrays they were built from: reused while the index
     * is unchanged and no buffer is open (models repeat their include patterns; filtering 12k paths is not free).
     */
    private final Map<String, CachedTargets> cached = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, CachedTargets> eldest) {
                    return size() > 8;
                }
            });

    private record CachedTargets(List<IndexedFile[]> sources, Targets targets) {}

    public GrepSearch(FileIndex index, DocumentStore documents, Executor helpers, int parallelism) {
        this.index = index;
        this.documents = documents;
        this.helpers = helpers;
        this.parallelism = Math.max(1, parallelism);
    }

    public GrepResult grep(GrepQuery query) {
        LineSearch search = prepare(query);
        PathFilter filter = PathFilter.of(query.includeGlob(), query.excludeGlob());
        Targets targets = targets(filter, query);
        ChunkRun run = new ChunkRun(targets.chunkStarts.size() - 1, query.countAll() ? Integer.MAX_VALUE : query.maxResults());
        Runnable enlist = () -> {
            for (int i = 1; i < parallelism && targets.chunkStarts.size() > 2; i++) {
                helpers.execute(() -> work(run, targets, search, query, -1, null));
            }
        };
        // First-N searches for common words end within a few chunks: the caller starts alone, so they pay no thread
        // hand-off, and enlists helpers only when the search proves long. Count-all is long by nature.
        work(run, targets, search, query, query.countAll() ? 0 : SOLO_CHUNKS, enlist);
        run.awaitQuiet();
        return run.result(query.maxResults(), query.countAll()).withSkipped(targets.skipped, targets.binary);
    }

    private LineSearch prepare(GrepQuery query) {
        String p = query.pattern();
        if (p.isEmpty()) {
            throw new QueryRefusedException("the search pattern is empty; give a regular expression such as 'TODO'");
        }
        if (p.indexOf('\n') >= 0 || p.indexOf('\r') >= 0) {
            throw new QueryRefusedException("the search pattern contains a line break; matches are found within one "
                    + "line, so search for one line's text");
        }
        Pattern regex;
        try {
            regex = Pattern.compile(p, query.caseSensitive() ? 0 : Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException e) {
            String part = e.getPattern();
            int at = part == null ? -1 : p.indexOf(part);
            throw new QueryRefusedException("invalid regular expression '" + PathSyntax.shorten(p, 200) + "': "
                    + e.getDescription() + (part == null || part.isEmpty() ? "" : " at '" + PathSyntax.shorten(part, 60) + "'")
                    + (at >= 0 ? " (position " + at + ")" : "")
                    + "; escape special characters with a backslash to search for them literally");
        }
        return new LineSearch(regex, RegexPlan.of(p, query.caseSensitive()));
    }

    /** The files to search, in root then path order, cut into chunks of about {@link #CHUNK_BYTES}. */
    private Targets targets(PathFilter filter, GrepQuery query) {
        List<RootIndex> roots = index.warm();
        boolean cacheable = documents.openPaths().isEmpty();
        String key = query.includeGlob() + "\u0000" + query.excludeGlob();
        List<IndexedFile[]> sources = roots.stream().map(RootIndex::files).toList();
        CachedTargets last = cacheable ? cached.get(key) : null;
        if (last != null && sameArrays(last.sources(), sources)) {
            return last.targets();
        }
        Targets built = build(roots, filter);
        if (cacheable) {
            cached.put(key, new CachedTargets(sources, built));
        }
        return built;
    }

    private static boolean sameArrays(List<IndexedFile[]> a, List<IndexedFile[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) != b.get(i)) {
                return false;
            }
        }
        return true;
    }

    private Targets build(List<RootIndex> roots, PathFilter filter) {
        boolean multi = roots.size() > 1;
        Targets t = new Targets();
        long bytes = 0;
        int files = 0;
        t.chunkStarts.add(0);
        for (RootIndex root : roots) {
            Map<String, String> open = openBuffers(root);
            String prefix = multi ? root.root().name() + "/" : "";
            for (IndexedFile f : root.files()) {
                if (!filter.isEmpty() && !filter.accepts(f.relative())) {
                    continue;
                }
                if (f.kind() == IndexedFile.Kind.HUGE) {
                    t.skipped.add(new GrepResult.Skipped(prefix + f.relative(), f.size(), "larger than the "
                            + index.maxFileBytes() + " bytes a search reads"));
                } else if (f.kind() == IndexedFile.Kind.BINARY) {
                    t.binary++;
                }
                if (!f.isText()) {
                    continue;
                }
                String content = open.isEmpty() ? f.content() : open.getOrDefault(f.relative(), f.content());
                t.add(prefix, f.relative(), content, content == null ? root.root().real().resolve(f.relative()) : null);
                bytes += content == null ? f.size() : content.length();
                if (bytes >= CHUNK_BYTES || ++files >= CHUNK_FILES) {
                    t.chunkStarts.add(t.size);
                    bytes = 0;
                    files = 0;
                }
            }
        }
        if (t.chunkStarts.get(t.chunkStarts.size() - 1) != t.size) {
            t.chunkStarts.add(t.size);
        }
        return t;
    }

    private Map<String, String> openBuffers(RootIndex root) {
        Map<String, String> out = new HashMap<>();
        for (Path p : documents.openPaths()) {
            if (p.startsWith(root.root().real()) && !p.equals(root.root().real())) {
                String rel = root.root().real().relativize(p).toString().replace('\\', '/');
                try {
                    String text = documents.snapshot(p).text();
                    out.put(rel, new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
                } catch (WorkspaceException e) {
                    // The buffer closed meanwhile: the indexed content stands.
                }
            }
        }
        return out;
    }

    /** Searches chunks until none is left; a chunk is always finished whole, so first-N results stay exact. */
    private static void work(ChunkRun run, Targets targets, LineSearch search, GrepQuery query, int soloChunks,
            Runnable enlist) {
        LineSearch.Worker worker = search.worker();
        int cap = query.maxResults() == Integer.MAX_VALUE ? Integer.MAX_VALUE : query.maxResults() + 1;
        int chunk;
        int done = 0;
        while (true) {
            if (done++ == soloChunks && enlist != null) {
                enlist.run();
            }
            if ((chunk = run.grab()) < 0) {
                break;
            }
            ChunkRun.Found found = new ChunkRun.Found();
            try {
                int end = targets.chunkStarts.get(chunk + 1);
                for (int i = targets.chunkStarts.get(chunk); i < end; i++) {
                    if (!query.countAll() && found.count >= cap) {
                        break;
                    }
                    found.files++;
                    String content = targets.content[i] != null ? targets.content[i] : fromDisk(targets.disk[i]);
                    if (content != null) {
                        worker.scan(content, targets.prefix[i], targets.relative[i], found, cap, query.countAll());
                    }
                }
            } finally {
                run.finish(chunk, found);
            }
        }
    }

    /** A file the index keeps on disk (its memory budget spent), read for this search; null when unreadable. */
    private static String fromDisk(Path path) {
        try {
            byte[] bytes = java.nio.file.Files.readAllBytes(path);
            return TextDecoder.binaryReason(bytes, bytes.length) == null
                    ? new String(bytes, StandardCharsets.ISO_8859_1) : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** Parallel arrays of the files to search. */
    private static final class Targets {
        final List<Integer> chunkStarts = new ArrayList<>();
        /** Files the globs take in that are too large to search: named in the answer, never silently left out. */
        final List<GrepResult.Skipped> skipped = new ArrayList<>();
        int binary;
        String[] prefix = new String[1024];
        String[] relative = new String[1024];
        String[] content = new String[1024];
        Path[] disk = new Path[1024];
        int size;

        void add(String p, String rel, String text, Path onDisk) {
            if (size == relative.length) {
                prefix = java.util.Arrays.copyOf(prefix, size * 2);
                relative = java.util.Arrays.copyOf(relative, size * 2);
                content = java.util.Arrays.copyOf(content, size * 2);
                disk = java.util.Arrays.copyOf(disk, size * 2);
            }
            prefix[size] = p;
            relative[size] = rel;
            content[size] = text;
            disk[size] = onDisk;
            size++;
        }
    }
}
