package dev.agentls.conversation;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which conversations of one store have a run (or a compaction) under way: one at a time appends to a conversation.
 * The store owns it, so every agent made over the store shares it, however many a workspace makes; a store on disk
 * also holds an OS lock on {@code .agentls/locks/<id>.lock} for the claim's length, so a run in another
 * process (a second {@code agentls run}, an editor's server) is refused too.
 */
public final class ConversationClaims {

    /** The holder named when the run under way is another process's. */
    public static final String OTHER_PROCESS = "in another process";

    private final Map<String, String> holders = new ConcurrentHashMap<>();
    private final Map<String, FileChannel> locks = new ConcurrentHashMap<>();
    private final Path lockFolder;

    /** Claims within this process only. */
    public ConversationClaims() {
        this(null);
    }

    /** @param lockFolder where each claim's lock file goes (the conversations' folder), or null for none */
    public ConversationClaims(Path lockFolder) {
        this.lockFolder = lockFolder;
    }

    /** Claims the conversation for {@code holder} (a run id); the holder already under way when it is busy. */
    public Optional<String> claim(String conversationId, String holder) {
        String busy = holders.putIfAbsent(conversationId, holder);
        if (busy != null) {
            return Optional.of(busy);
        }
        if (lockFolder != null) {
            Optional<FileChannel> lock = lock(conversationId);
            if (lock == null) {
                holders.remove(conversationId, holder);
                return Optional.of(OTHER_PROCESS);
            }
            lock.ifPresent(channel -> locks.put(conversationId, channel));
        }
        return Optional.empty();
    }

    /** Ends {@code holder}'s claim; another holder's claim stays. */
    public void release(String conversationId, String holder) {
        if (holders.get(conversationId) == null || !holders.get(conversationId).equals(holder)) {
            return;
        }
        // Closing the channel releases its lock (the process's end would, at the latest).
        closeQuietly(locks.remove(conversationId));
        holders.remove(conversationId, holder);
    }

    /** The holder under way on the conversation, if any. */
    public Optional<String> holder(String conversationId) {
        return Optional.ofNullable(holders.get(conversationId));
    }

    /**
     * Locks the conversation's lock file: the channel holding the lock; empty when no lock file can be made (a
     * read-only folder: the claim is then this process's alone); null when another process holds it.
     */
    private Optional<FileChannel> lock(String conversationId) {
        FileChannel channel = null;
        try {
            Files.createDirectories(lockFolder);
            channel = FileChannel.open(lockFolder.resolve(conversationId + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return null;
            }
            return Optional.of(channel);
        } catch (IOException e) {
            closeQuietly(channel);
            return Optional.empty();
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing more to release.
            }
        }
    }
}
