package dev.agentls.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The workspace folders, and the one place a path is confined to them. Thread-safe: the folder list is an immutable
 * snapshot replaced atomically on {@code didChangeWorkspaceFolders}, so a resolution in flight sees one consistent
 * set.
 *
 * <p>Resolution rules: a relative path resolves against the first root, except in a multi-root workspace when its
 * first segment is exactly the folder name of a root ({@code "api/src/App.java"}), which then resolves inside that
 * root; an absolute path or {@code file:} URI must lie inside a root (as the editor named it, or its real location).
 * {@code ..} may move within a root but never above it. Symbolic links are followed only when they stay inside the
 * workspace; a link pointing out, a dangling link and a loop are refused, for final and intermediate components
 * alike. A file that does not exist yet is confined through its nearest existing ancestor.
 */
public final class WorkspaceRoots {


    private volatile List<WorkspaceRoot> roots = List.of();

    public WorkspaceRoots(Collection<Path> folders) {
        set(folders);
    }

    /** Replaces every root at once (initialize, or a client that sends the whole list). */
    public synchronized void set(Collection<Path> folders) {
        List<WorkspaceRoot> next = new ArrayList<>();
        for (Path folder : folders) {
            WorkspaceRoot root = toRoot(folder);
            if (next.stream().noneMatch(r -> r.real().equals(root.real()))) {
                next.add(root);
            }
        }
        roots = List.copyOf(next);
    }

    /** Applies a {@code didChangeWorkspaceFolders} event: removals first, then additions, atomically. */
    public synchronized void change(Collection<Path> added, Collection<Path> removed) {
        List<WorkspaceRoot> next = new ArrayList<>(roots);
        for (Path gone : removed) {
            WorkspaceRoot root = toRoot(gone);
            next.removeIf(r -> r.real().equals(root.real()) || r.given().equals(root.given()));
        }
        for (Path folder : added) {
            WorkspaceRoot root = toRoot(folder);
            if (next.stream().noneMatch(r -> r.real().equals(root.real()))) {
                next.add(root);
            }
        }
        roots = List.copyOf(next);
    }

    public List<WorkspaceRoot> roots() {
        return roots;
    }

    /** The root whose real folder holds {@code absolute} (the deepest one when roots nest), if any. */
    public Optional<WorkspaceRoot> rootOf(Path absolute) {
        return rootContaining(roots, absolute.toAbsolutePath().normalize());
    }

    /**
     * Resolves a path or {@code file:} URI as a model or editor wrote it.
     *
     * @throws PathRefusedException when it is malformed or leaves the workspace; the message names the path, the
     *     fact, and the roots
     */
    public ResolvedPath resolve(String pathOrUri) {
        List<WorkspaceRoot> current = roots;
        if (current.isEmpty()) {
            throw PathSyntax.refused(pathOrUri == null ? "" : pathOrUri, PathRefusedException.Reason.NO_ROOTS,
                    "no workspace folder is open");
        }
        PathSyntax.Parsed parsed = PathSyntax.parse(pathOrUri);
        if (parsed.escapes()) {
            throw outside(pathOrUri, current, "it climbs above the root with '..'");
        }
        WorkspaceRoot root;
        List<String> rest;
        if (parsed.absolute()) {
            Path lexical = Path.of("/" + String.join("/", parsed.segments()));
            root = rootByPrefix(current, lexical).orElseThrow(() -> outside(pathOrUri, current, "it is not under a root"));
            Path base = lexical.startsWith(root.real()) ? root.real() : root.given();
            rest = segments(base.relativize(lexical));
        } else {
            root = current.get(0);
            rest = parsed.segments();
            if (current.size() > 1 && !rest.isEmpty()) {
                List<WorkspaceRoot> named = current.stream().filter(r -> r.name().equals(parsed.segments().get(0))).toList();
                if (named.size() == 1) {
                    root = named.get(0);
                    rest = rest.subList(1, rest.size());
                }
            }
        }
        Path absolute = followConfined(pathOrUri, current, root.real(), rest);
        WorkspaceRoot owner = rootContaining(current, absolute)
                .orElseThrow(() -> outside(pathOrUri, current, "it resolves to " + absolute));
        String relative = segments(owner.real().relativize(absolute)).stream().collect(Collectors.joining("/"));
        String display = current.size() > 1 ? (relative.isEmpty() ? owner.name() : owner.name() + "/" + relative)
                : relative;
        return new ResolvedPath(absolute, owner, relative, display);
    }

    /**
     * Walks {@code rest} from {@code start} one component at a time, following a symbolic link only when its real
     * target is inside a root; stops following once a component does not exist (a file to be created).
     */
    private static Path followConfined(String raw, List<WorkspaceRoot> current, Path start, List<String> rest) {
        Path at = start;
        for (int i = 0; i < rest.size(); i++) {
            Path next = at.resolve(rest.get(i));
            if (Files.isSymbolicLink(next)) {
                Path target;
                try {
                    target = next.toRealPath();
                } catch (IOException e) {
                    String link = describeLink(next);
                    throw PathSyntax.refused(raw, PathRefusedException.Reason.SYMLINK,
                            "'" + displayOf(current, next) + "' is a dangling or looping symbolic link" + link);
                }
                if (rootContaining(current, target).isEmpty()) {
                    throw outside(raw, current, "'" + displayOf(current, next)
                            + "' is a symbolic link to " + target);
                }
                at = target;
            } else if (Files.exists(next, LinkOption.NOFOLLOW_LINKS)) {
                at = next;
            } else {
                Path tail = next;
                for (int j = i + 1; j < rest.size(); j++) {
                    tail = tail.resolve(rest.get(j));
                }
                return tail;
            }
        }
        return at;
    }

    private static String describeLink(Path link) {
        try {
            return " (-> " + Files.readSymbolicLink(link) + ")";
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }

    private static String displayOf(List<WorkspaceRoot> current, Path path) {
        return rootContaining(current, path).map(r -> {
            String rel = r.real().relativize(path).toString();
            return current.size() > 1 ? r.name() + "/" + rel : rel;
        }).orElse(path.toString());
    }

    private static Optional<WorkspaceRoot> rootContaining(List<WorkspaceRoot> current, Path absolute) {
        WorkspaceRoot best = null;
        for (WorkspaceRoot r : current) {
            if (absolute.startsWith(r.real()) && (best == null || r.real().getNameCount() > best.real().getNameCount())) {
                best = r;
            }
        }
        return Optional.ofNullable(best);
    }

    private static Optional<WorkspaceRoot> rootByPrefix(List<WorkspaceRoot> current, Path lexical) {
        WorkspaceRoot best = null;
        int bestDepth = -1;
        for (WorkspaceRoot r : current) {
            for (Path base : List.of(r.real(), r.given())) {
                if (lexical.startsWith(base) && base.getNameCount() > bestDepth) {
                    best = r;
                    bestDepth = base.getNameCount();
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private static List<String> segments(Path relative) {
        List<String> out = new ArrayList<>();
        for (Path p : relative) {
            if (!p.toString().isEmpty()) {
                out.add(p.toString());
            }
        }
        return out;
    }

    private static PathRefusedException outside(String raw, List<WorkspaceRoot> current, String why) {
        String list = current.stream().map(r -> r.given().toString()).collect(Collectors.joining(", "));
        String shown = PathSyntax.printable(raw == null ? "" : raw);
        return new PathRefusedException(shown, PathRefusedException.Reason.OUTSIDE,
                "path '" + shown + "' is outside the workspace: " + why + " (roots: " + list + ")");
    }

    private static WorkspaceRoot toRoot(Path folder) {
        Path given = folder.toAbsolutePath().normalize();
        Path real;
        try {
            real = given.toRealPath();
        } catch (IOException e) {
            real = given;
        }
        Path name = given.getFileName();
        return new WorkspaceRoot(given, real, name == null ? "/" : name.toString());
    }
}
