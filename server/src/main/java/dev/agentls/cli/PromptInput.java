package dev.agentls.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The prompt of {@code -p -}, read from standard input: UTF-8 text of at most {@link #MAX_BYTES}, read no further
 * than one byte past the bound, so a huge pipe is refused without being held in memory.
 */
final class PromptInput {

    /** Far above any request typed or pasted, and a few times what a large context window holds. */
    static final int MAX_BYTES = 1 << 20;

    private PromptInput() {}

    static String read(InputStream in) throws UsageException {
        byte[] bytes;
        try {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new UsageException("cannot read the prompt from standard input: " + e.getMessage());
        }
        if (bytes.length > MAX_BYTES) {
            throw new UsageException("the prompt on standard input is larger than " + MAX_BYTES / 1024 + " KiB;"
                    + " nothing was sent. Put the text in a file in the workspace and ask for it by name: agentls run"
                    + " \"follow the instructions in NOTES.md\"");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new UsageException("the prompt on standard input is not UTF-8 text; nothing was sent");
        }
        if (text.isBlank()) {
            throw new UsageException("the prompt on standard input is empty; nothing was sent");
        }
        return text.strip();
    }
}
