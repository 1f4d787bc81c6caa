package dev.agentls.lsp.review;

import java.util.Objects;

/** What reverting one hunk comes to, against the document as it is now. */
public sealed interface Reversal {

    /** No hunk has this id in this session (never had, or kept, reverted, or its run reverted). */
    record Unknown(String hunkId) implements Reversal {}

    /** The hunk is no longer as its run left it, so it is not reverted; {@code reason} says so with its facts. */
    record Changed(Hunk hunk, String reason) implements Reversal {
        public Changed {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** {@code text} is the document with the hunk's lines put back as they were, the rest as it is now. */
    record Ready(Hunk hunk, int line, String text) implements Reversal {}
}
