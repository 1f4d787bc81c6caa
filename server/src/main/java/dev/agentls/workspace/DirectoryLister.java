package dev.agentls.workspace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Lists a folder as data for a tree view, read fresh from disk: folders first, then files, by name; ignored and
 * denied entries left out (and counted); symbolic links shown as links, never followed. Breadth-first within the
 * bounds, so a tight {@code maxEntries} still shows the top levels; the entries come back in tree (pre-)order.
 */
public final class DirectoryLister {

    /** One entry: its display path, name, depth below the listed folder (1 = direct child), kind and size. */
    public record Entry(String path, String name, int depth, Kind kind, long size, int children) {}

    /** What an entry is. */
    public enum Kind {
        FILE,
        DIRECTORY,
        SYMLINK
    }

    /**
     * The listing. {@code truncated} counts entries left out by the bounds (a folder past {@code depth} is shown with
     * its child count but not opened); {@code hidden} counts entries left out by ignore rules and the deny list.
     */
    public record Listing(String path, List<Entry> entries, int truncated, int hidden) {}

    private final PathPolicy policy;

    public DirectoryLister(PathPolicy policy) {
        this.policy = policy;
    }

    public Listing list(ResolvedPath folder, int depth, int maxEntries) {
        if (depth < 1 || maxEntries < 1) {
            throw new IllegalArgumentException("depth and maxEntries must be at least 1");
        }
        if (!Files.isDirectory(folder.absolute(), LinkOption.NOFOLLOW_LINKS)) {
            throw new FileRefusedException(folder.absolute(), Files.exists(folder.absolute())
                    ? FileRefusedException.Reason.IO : FileRefusedException.Reason.NOT_FOUND,
                    "'" + (folder.display().isEmpty() ? "." : folder.display()) + "' "
                            + (Files.exists(folder.absolute()) ? "is a file, not a folder" : "does not exist"));
        }
        String base = folder.display();
        String relBase = folder.relative();
        IgnoreRules rules = policy.rules(folder.root());
        List<Node> top = new ArrayList<>();
        Deque<Node> queue = new ArrayDeque<>();
        int[] counts = new int[2];
        queue.add(new Node(folder.absolute(), relBase, 0, Kind.DIRECTORY, 0));
        int taken = 0;
        int truncated = 0;
        while (!queue.isEmpty()) {
            Node dir = queue.poll();
            List<Node> kids = children(dir, folder.root().real(), rules, dir.depth < depth ? counts : new int[1]);
            dir.childCount = kids.size();
            if (dir.depth >= depth) {
                continue;
            }
            for (Node kid : kids) {
                if (taken >= maxEntries) {
                    truncated++;
                    continue;
                }
                taken++;
                if (dir.depth == 0) {
                    top.add(kid);
                } else {
                    dir.kids.add(kid);
                }
                if (kid.kind == Kind.DIRECTORY) {
                    queue.add(kid);
                }
            }
        }
        List<Entry> out = new ArrayList<>();
        for (Node n : top) {
            emit(n, base, relBase, out);
        }
        return new Listing(base.isEmpty() ? "." : base, out, truncated, counts[0]);
    }

    private void emit(Node n, String base, String relBase, List<Entry> out) {
        String below = relBase.isEmpty() ? n.relative : n.relative.substring(relBase.length() + 1);
        String display = base.isEmpty() ? below : base + "/" + below;
        out.add(new Entry(display, n.path.getFileName().toString(), n.depth, n.kind, n.size,
                n.kind == Kind.DIRECTORY ? n.childCount : 0));
        for (Node k : n.kids) {
            emit(k, base, relBase, out);
        }
    }

    private List<Node> children(Node dir, Path root, IgnoreRules rules, int[] counts) {
        List<Node> kids = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir.path)) {
            for (Path p : stream) {
                String name = p.getFileName().toString();
                String rel = dir.relative.isEmpty() ? name : dir.relative + "/" + name;
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                Kind kind = a.isSymbolicLink() ? Kind.SYMLINK : a.isDirectory() ? Kind.DIRECTORY : Kind.FILE;
                boolean denied = (kind == Kind.DIRECTORY ? policy.denyList().folderReason(name)
                        : policy.denyList().check(root, rel)).isPresent();
                if (denied || rules.isIgnoredInWalk(rel, kind == Kind.DIRECTORY) || name.equals(".agentls")) {
                    counts[0]++;
                    continue;
                }
                kids.add(new Node(p, rel, dir.depth + 1, kind, kind == Kind.FILE ? a.size() : 0));
            }
        } catch (IOException e) {
            return kids;
        }
        kids.sort(Comparator.comparing((Node n) -> n.kind != Kind.DIRECTORY).thenComparing(n -> n.path.getFileName().toString()));
        return kids;
    }

    private static final class Node {
        final Path path;
        final String relative;
        final int depth;
        final Kind kind;
        final long size;
        final List<Node> kids = new ArrayList<>();
        int childCount;

        Node(Path path, String relative, int depth, Kind kind, long size) {
            this.path = path;
            this.relative = relative;
            this.depth = depth;
            this.kind = kind;
            this.size = size;
        }
    }
}
