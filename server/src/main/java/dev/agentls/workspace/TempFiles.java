package dev.agentls.workspace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temp files of {@link AtomicWriter}: {@code .<name>.<pid>x<random>.agentls-tmp}, named after the process that
 * writes them, so a later start can tell one a crash abandoned (its writer is gone) from one another live process is
 * writing right now (an editor's server and {@code agentls run} on one workspace). Stateless.
 */
public final class TempFiles {

    static final String SUFFIX = ".agentls-tmp";
    private static final Pattern NAME = Pattern.compile("\\..+\\.(?:(\\d+)x)?[0-9a-z]+" + Pattern.quote(SUFFIX));

    private TempFiles() {}

    /** A fresh temp name for {@code name}, owned by this process. */
    static String newName(String name) {
        return "." + name + "." + ProcessHandle.current().pid() + "x"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + SUFFIX;
    }

    /** Whether {@code name} is a temp file's name (tools never show one). */
    public static boolean isTemp(String name) {
        return name.endsWith(SUFFIX) && NAME.matcher(name).matches();
    }

    /**
     * Removes {@code file} when it is a temp file whose writer is gone (or names none: an older AgentLS's, untouched
     * for a minute). Answers whether it was removed; a file that cannot be removed stays (and stays hidden).
     */
    public static boolean removeIfAbandoned(Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        if (!m.matches()) {
            return false;
        }
        try {
            boolean abandoned = m.group(1) == null
                    ? Files.getLastModifiedTime(file).toMillis() < System.currentTimeMillis() - 60_000
                    : !alive(Long.parseLong(m.group(1)));
            return abandoned && Files.deleteIfExists(file);
        } catch (IOException | NumberFormatException e) {
            return false;
        }
    }

    /** Removes the abandoned temp files directly in {@code folder} (not below it). */
    public static void sweep(Path folder) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*" + SUFFIX)) {
            files.forEach(TempFiles::removeIfAbandoned);
        } catch (IOException e) {
            // No folder yet, or unreadable: nothing of ours to remove there.
        }
    }

    private static boolean alive(long pid) {
        return pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
