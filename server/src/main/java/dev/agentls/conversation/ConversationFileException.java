package dev.agentls.conversation;

import java.nio.file.Path;

/**
 * A conversation file that cannot be read or written: it names the file and the reason. The file is left as it was;
 * a conversation is never silently reset.
 */
public final class ConversationFileException extends RuntimeException {

    private final transient Path file;
    private final String reason;

    public ConversationFileException(Path file, String reason) {
        super("conversation file " + file + " is refused: " + reason + " (left untouched)");
        this.file = file;
        this.reason = reason;
    }

    public Path file() {
        return file;
    }

    public String reason() {
        return reason;
    }
}
