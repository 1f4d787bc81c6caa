package dev.agentls.lsp;

/** One unit the {@link FrameReader} takes off the stream: a body, or a stretch it could not frame. */
sealed interface Frame {

    /** A body of exactly its Content-Length bytes; {@code charset} as the Content-Type said, or null. */
    record Body(byte[] bytes, String charset) implements Frame {}

    /** A body past the size limit, read and dropped so the next header is found where it starts. */
    record Oversized(long length) implements Frame {}

    /** A header block that ended without a usable Content-Length; {@code headers} as read, bounded. */
    record Unframed(String headers) implements Frame {}
}
