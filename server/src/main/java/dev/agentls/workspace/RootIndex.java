package dev.agentls.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The warm index of one root: every file a tool may list or search (ignore rules and the deny list applied,
 * symbolic links not followed), with the bytes of text files kept in memory. Readers get an immutable sorted array
 * snapshot; writers (a build, a notification, a rescan) replace it under a lock. Files over {@code maxFileBytes} are
 * recorded as huge and binary files as binary, without their bytes.
 */
final class RootIndex {

    private final WorkspaceRoot root;
    private final PathPolicy policy;
    private final long maxFileBytes;
    private final Object lock = new Object();
    private final TreeMap<String, IndexedFile> files = new TreeMap<>();
    /** Every folder walked (not ignored), with its modification time in nanoseconds, for the quick rescan. */
    private Map<String, Long> folders = new HashMap<>();
    private volatile IndexedFile[] snapshot = new IndexedFile[0];
    private volatile long contentBytes;
    private final long contentBudget;
    /** Text bytes read since the last publish: with {@link #contentBytes}, what the budget has spent. */
    private long pendingBytes;

    RootIndex(WorkspaceRoot root, PathPolicy policy, long maxFileBytes, long contentBudget) {
        this.contentBudget = contentBudget;
        this.root = root;
        this.policy = policy;
        this.maxFileBytes = maxFileBytes;
    }

    WorkspaceRoot root() {
        return root;
    }

    /** The files, sorted by relative path. Never modified: a change publishes a new array. */
    IndexedFile[] files() {
        return snapshot;
    }

    long contentBytes() {
        return contentBytes;
    }

    /**
     * Walks the root and brings the index in line with disk: new files read, changed ones (size or time) re-read,
     * gone ones dropped. The first call builds the index; later calls are the cheap rescan (a stat per file).
     */
    void sync() throws IOException {
        Map<String, BasicFileAttributes> seen = new HashMap<>();
        Map<String, Long> walked = new HashMap<>();
        walk(root.real(), seen, walked);
        synchronized (lock) {
            folders = walked;
            boolean changed = files.keySet().removeIf(rel -> !seen.containsKey(rel));
            for (Map.Entry<String, BasicFileAttributes> e : seen.entrySet()) {
                IndexedFile known = files.get(e.getKey());
                BasicFileAttributes a = e.getValue();
                if (known == null || known.size() != a.size() || known.modified() != a.lastModifiedTime().toMillis()) {
                    files.put(e.getKey(), read(e.getKey(), a));
                    changed = true;
                }
            }
            if (changed || snapshot.length != files.size()) {
                publish();
            }
        }
    }

    /** Applies notifications: paths (absolute, real) created, changed or deleted under this root. */
    void onFilesChanged(Collection<Path> createdOrChanged, Collection<Path> deleted) throws IOException {
        boolean rulesChanged = false;
        synchronized (lock) {
            for (Path gone : deleted) {
                String rel = relative(gone);
                if (rel != null) {
                    files.remove(rel);
                    dropSubtree(rel);
                    rulesChanged |= invalidateRules(rel);
                }
            }
            for (Path p : createdOrChanged) {
                String rel = relative(p);
                if (rel == null) {
                    continue;
                }
                rulesChanged |= invalidateRules(rel);
                try {
                    upsert(p, rel);
                } catch (IOException e) {
                    // Gone or unreadable since the notification: it is not in the workspace any more.
                    files.remove(rel);
                }
            }
            publish();
        }
        if (rulesChanged) {
            // An ignore file changed: what it now ignores or lets in can be anywhere below it.
            sync();
        }
    }

    private void upsert(Path p, String rel) throws IOException {
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            if (!policy.rules(root).isIgnored(rel, true) && !deniedPath(rel)) {
                Map<String, BasicFileAttributes> seen = new HashMap<>();
                walk(p, seen, folders);
                for (Map.Entry<String, BasicFileAttributes> e : seen.entrySet()) {
                    files.put(e.getKey(), read(e.getKey(), e.getValue()));
                }
            }
        } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !policy.rules(root).isIgnored(rel, false)
                && !deniedPath(rel)) {
            files.put(rel, read(rel, Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)));
        } else {
            files.remove(rel);
        }
    }


    /** Drops the cached rules of an ignore file's folder; true when {@code rel} is an ignore file. */
    private boolean invalidateRules(String rel) {
        String name = rel.substring(rel.lastIndexOf('/') + 1);
        if (IgnoreRules.FILE_NAMES.contains(name) || rel.equals(".git/info/exclude")) {
            int slash = rel.lastIndexOf('/');
            policy.rules(root).invalidate(slash < 0 ? "" : rel.substring(0, slash));
            return true;
        }
        return false;
    }

    private boolean deniedPath(String rel) {
        return policy.denyList().check(root.real(), rel).isPresent();
    }

    private String relative(Path absolute) {
        Path abs = absolute.toAbsolutePath().normalize();
        if (!abs.startsWith(root.real()) || abs.equals(root.real())) {
            return null;
        }
        return root.real().relativize(abs).toString().replace('\\', '/');
    }

    private void publish() {
        long bytes = 0;
        for (IndexedFile f : files.values()) {
            bytes += f.content() == null ? 0 : f.content().length();
        }
        contentBytes = bytes;
        pendingBytes = 0;
        snapshot = files.values().toArray(IndexedFile[]::new);
    }

    /**
     * The quick rescan: a stat per known folder; a folder whose time moved is listed again (files added or removed
     * there, new sub-folders walked, vanished ones dropped). Catches every create, delete and rename, and every write
     * done by replacing the file (editors, our atomic writer); an in-place write waits for the next {@link #sync()}.
     * Returns whether anything changed.
     */
    boolean quickSync() throws IOException {
        Map<String, Long> known;
        synchronized (lock) {
            known = new HashMap<>(folders);
        }
        List<String> moved = new ArrayList<>();
        for (Map.Entry<String, Long> e : known.entrySet()) {
            Long now = folderTime(e.getKey());
            if (now == null || now.longValue() != e.getValue()) {
                moved.add(e.getKey());
            }
        }
        if (moved.isEmpty()) {
            return false;
        }
        synchronized (lock) {
            for (String folder : moved) {
                relist(folder);
            }
            publish();
        }
        return true;
    }

    /** Brings one folder's direct entries in line with disk; called under the lock. */
    private void relist(String folder) throws IOException {
        Path dir = folder.isEmpty() ? root.real() : root.real().resolve(folder);
        String prefix = folder.isEmpty() ? "" : folder + "/";
        Long time = folderTime(folder);
        if (time == null) {
            dropSubtree(folder);
            return;
        }
        folders.put(folder, time);
        Map<String, BasicFileAttributes> present = new HashMap<>();
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                present.put(prefix + p.getFileName(), Files.readAttributes(p, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS));
            }
        }
        List<String> direct = new ArrayList<>();
        for (String rel : files.subMap(prefix, prefix + Character.MAX_VALUE).keySet()) {
            if (rel.indexOf('/', prefix.length()) < 0) {
                direct.add(rel);
            }
        }
        for (String rel : direct) {
            if (!present.containsKey(rel)) {
                files.remove(rel);
            }
        }
        for (String sub : new ArrayList<>(folders.keySet())) {
            if (sub.startsWith(prefix) && !sub.equals(folder) && sub.indexOf('/', prefix.length()) < 0
                    && !present.containsKey(sub)) {
                dropSubtree(sub);
            }
        }
        Map<String, BasicFileAttributes> seen = new HashMap<>();
        for (Map.Entry<String, BasicFileAttributes> e : present.entrySet()) {
            BasicFileAttributes a = e.getValue();
            if (a.isDirectory() && !folders.containsKey(e.getKey())) {
                walk(root.real().resolve(e.getKey()), seen, folders);
            } else if (a.isRegularFile()) {
                IndexedFile known = files.get(e.getKey());
                if (known == null || known.size() != a.size() || known.modified() != a.lastModifiedTime().toMillis()) {
                    Map<String, BasicFileAttributes> one = new HashMap<>();
                    walkOne(root.real().resolve(e.getKey()), a, one);
                    seen.putAll(one);
                }
            }
        }
        for (Map.Entry<String, BasicFileAttributes> e : seen.entrySet()) {
            files.put(e.getKey(), read(e.getKey(), e.getValue()));
        }
    }

    private void dropSubtree(String folder) {
        String prefix = folder + "/";
        folders.keySet().removeIf(k -> k.equals(folder) || k.startsWith(prefix));
        files.keySet().removeIf(k -> k.startsWith(prefix));
    }

    private Long folderTime(String folder) {
        try {
            Path dir = folder.isEmpty() ? root.real() : root.real().resolve(folder);
            return Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS).to(java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (IOException e) {
            return null;
        }
    }

    /** Applies the walk's file filter to one file. */
    private void walkOne(Path file, BasicFileAttributes attrs, Map<String, BasicFileAttributes> seen) throws IOException {
        String rel = relative(file);
        String parent = rel == null ? null : rel.contains("/") ? rel.substring(0, rel.lastIndexOf('/')) : "";
        if (parent != null && folders.containsKey(parent)) {
            acceptFile(file, attrs, seen);
        }
    }

    private void acceptFile(Path file, BasicFileAttributes attrs, Map<String, BasicFileAttributes> seen) {
        if (!attrs.isRegularFile()) {
            return;
        }
        String rel = relative(file);
        String name = file.getFileName().toString();
        if (TempFiles.isTemp(name)) {
            TempFiles.removeIfAbandoned(file); // a crash's leftover, met on the walk every start makes
            return;
        }
        DenyList deny = policy.denyList();
        if (rel != null && !policy.rules(root).isIgnoredInWalk(rel, false) && deny.nameReason(name).isEmpty()
                && !(name.equalsIgnoreCase(".npmrc") && deny.check(root.real(), rel).isPresent())) {
            seen.put(rel, attrs);
        }
    }

    private void walk(Path start, Map<String, BasicFileAttributes> seen, Map<String, Long> walked) throws IOException {
        IgnoreRules rules = policy.rules(root);
        DenyList deny = policy.denyList();
        Files.walkFileTree(start, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                String rel = relative(dir);
                if (rel == null) {
                    walked.put("", attrs.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS));
                    return FileVisitResult.CONTINUE;
                }
                String name = dir.getFileName().toString();
                if (rules.isIgnoredInWalk(rel, true) || deny.folderReason(name).isPresent() || name.equals(".agentls")) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                walked.put(rel, attrs.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                acceptFile(file, attrs, seen);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) {
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private IndexedFile read(String rel, BasicFileAttributes a) {
        long modified = a.lastModifiedTime().toMillis();
        if (a.size() > maxFileBytes) {
            return new IndexedFile(rel, a.size(), modified, IndexedFile.Kind.HUGE, null);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(root.real().resolve(rel));
        } catch (IOException e) {
            return new IndexedFile(rel, a.size(), modified, IndexedFile.Kind.BINARY, null);
        }
        if (bytes.length > maxFileBytes) {
            return new IndexedFile(rel, bytes.length, modified, IndexedFile.Kind.HUGE, null);
        }
        if (TextDecoder.binaryReason(bytes, bytes.length) != null) {
            return new IndexedFile(rel, bytes.length, modified, IndexedFile.Kind.BINARY, null);
        }
        if (contentBytes + pendingBytes + bytes.length > contentBudget) {
            return new IndexedFile(rel, bytes.length, modified, IndexedFile.Kind.UNCACHED, null);
        }
        pendingBytes += bytes.length;
        return new IndexedFile(rel, bytes.length, modified, IndexedFile.Kind.TEXT,
                new String(bytes, StandardCharsets.ISO_8859_1));
    }

    /** For listings: every indexed path below {@code folder} ("" for the root). */
    List<IndexedFile> under(String folder) {
        IndexedFile[] all = snapshot;
        List<IndexedFile> out = new ArrayList<>();
        String prefix = folder.isEmpty() ? "" : folder + "/";
        for (IndexedFile f : all) {
            if (f.relative().startsWith(prefix)) {
                out.add(f);
            }
        }
        return out;
    }
}
