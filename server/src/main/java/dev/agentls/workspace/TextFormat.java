package dev.agentls.workspace;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * How a text file is laid out in bytes, beyond its characters: the dominant line ending, whether it starts with a
 * UTF-8 byte order mark, and whether it ends with a line break. Read from disk by {@link DocumentStore}, given back
 * to {@link AtomicWriter} so a write keeps the file as it was.
 */
public record TextFormat(LineEnding lineEnding, boolean bom, boolean finalNewline) {

    /** The format of a new file: LF, no BOM, a final newline. */
    public static final TextFormat NEW_FILE = new TextFormat(LineEnding.LF, false, true);

    public TextFormat {
        Objects.requireNonNull(lineEnding, "lineEnding");
    }

    /** The format of {@code text}: its dominant line ending (LF when it has none), no BOM, its final newline. */
    public static TextFormat detect(String text, boolean bom) {
        int crlf = 0;
        int lf = 0;
        int cr = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r') {
                if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    crlf++;
                    i++;
                } else {
                    cr++;
                }
            } else if (c == '\n') {
                lf++;
            }
        }
        LineEnding ending = crlf > lf && crlf >= cr ? LineEnding.CRLF : cr > lf && cr > crlf ? LineEnding.CR : LineEnding.LF;
        boolean finalNewline = !text.isEmpty() && (text.endsWith("\n") || text.endsWith("\r"));
        return new TextFormat(ending, bom, finalNewline);
    }

    /** {@code text} in UTF-8, behind a UTF-8 byte order mark when {@code bom}: the bytes a file of that text holds. */
    public static byte[] encode(String text, boolean bom) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        if (!bom) {
            return body;
        }
        byte[] withBom = new byte[body.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(body, 0, withBom, 3, body.length);
        return withBom;
    }

    /**
     * {@code text} with every line break turned into this format's line ending. For whole new content (a model
     * writing a file) only; edits keep untouched lines' bytes and never go through this.
     */
    public String normalizeLineEndings(String text) {
        String lf = text.replace("\r\n", "\n").replace('\r', '\n');
        return lineEnding == LineEnding.LF ? lf : lf.replace("\n", lineEnding.text());
    }
}
