package dev.agentls.cli;

import dev.agentls.conversation.FileConversations;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.Optional;

/**
 * Which conversation a run goes on with: the one {@code --conversation ID} names, the workspace's newest (the one
 * whose file changed last) for {@code -c}, else none (a new one).
 */
final class Continuation {

    private Continuation() {}

    static Optional<String> conversation(RunOptions options, PrintStream err) {
        if (!options.continueNewest()) {
            return options.conversationId();
        }
        Optional<String> newest = newest(options.workspace());
        if (newest.isEmpty()) {
            err.println("agentls: no conversation to continue in " + options.workspace() + "; starting a new one");
        }
        return newest;
    }

    /** The id of the conversation under {@code workspace} written last, if there is one. */
    static Optional<String> newest(Path workspace) {
        if (!Files.isDirectory(workspace.resolve(".agentls").resolve("conversations"))) {
            return Optional.empty();
        }
        FileConversations store = new FileConversations(workspace, Clock.systemUTC());
        String best = null;
        FileTime bestTime = null;
        for (String id : store.ids()) {
            FileTime time;
            try {
                time = Files.getLastModifiedTime(store.file(id));
            } catch (IOException e) {
                continue;  // removed while listing: not the one to continue
            }
            if (bestTime == null || time.compareTo(bestTime) >= 0) {
                best = id;
                bestTime = time;
            }
        }
        return Optional.ofNullable(best);
    }
}
