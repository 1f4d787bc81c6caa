package dev.agentls.agent;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a user asks of one run: the prompt, the mode, the conversation it continues (empty: a new one), and the
 * context the editor adds: the selection with the diagnostics in it, and the files the user named or has focused.
 * Paths and URIs are given as the editor gave them; the prompt shows them as they are.
 */
public record RunRequest(String prompt, RunMode mode, Optional<String> conversationId, Optional<Selection> selection,
                         List<Diagnostic> diagnostics, List<String> focusedFiles) {

    /** The longest prompt accepted (characters); a longer one is refused before anything runs. */
    public static final int MAX_PROMPT_CHARS = 1_000_000;

    public RunRequest {
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(conversationId, "conversationId");
        Objects.requireNonNull(selection, "selection");
        diagnostics = List.copyOf(diagnostics);
        focusedFiles = List.copyOf(focusedFiles);
        if (prompt.isBlank()) {
            throw new IllegalArgumentException("a run needs a prompt");
        }
        if (prompt.length() > MAX_PROMPT_CHARS) {
            throw new IllegalArgumentException("the prompt is " + prompt.length() + " characters long; the limit is "
                    + MAX_PROMPT_CHARS);
        }
    }

    /** A direct run of {@code prompt} in a new conversation, with no editor context. */
    public static RunRequest of(String prompt) {
        return new RunRequest(prompt, RunMode.DIRECT, Optional.empty(), Optional.empty(), List.of(), List.of());
    }

    public RunRequest withMode(RunMode mode) {
        return new RunRequest(prompt, mode, conversationId, selection, diagnostics, focusedFiles);
    }

    public RunRequest withConversation(String id) {
        return new RunRequest(prompt, mode, Optional.of(id), selection, diagnostics, focusedFiles);
    }

    public RunRequest withSelection(Selection selection, List<Diagnostic> diagnostics) {
        return new RunRequest(prompt, mode, conversationId, Optional.of(selection), diagnostics, focusedFiles);
    }

    public RunRequest withFocusedFiles(List<String> files) {
        return new RunRequest(prompt, mode, conversationId, selection, diagnostics, files);
    }

    /** A range in a document: zero-based lines and UTF-16 characters, end exclusive, as LSP counts. */
    public record Range(int startLine, int startCharacter, int endLine, int endCharacter) {
        public Range {
            if (startLine < 0 || startCharacter < 0 || endLine < startLine
                    || (endLine == startLine && endCharacter < startCharacter)) {
                throw new IllegalArgumentException("a range must not end before it starts or be negative: "
                        + startLine + ":" + startCharacter + "-" + endLine + ":" + endCharacter);
            }
        }

        /** {@code 12:0-14:3}, one-based lines as people count them. */
        public String display() {
            return (startLine + 1) + ":" + startCharacter + "-" + (endLine + 1) + ":" + endCharacter;
        }
    }

    /** The user's selection: the document, the range and the text in it. */
    public record Selection(String uri, Range range, String text) {
        public Selection {
            Objects.requireNonNull(uri, "uri");
            Objects.requireNonNull(range, "range");
            Objects.requireNonNull(text, "text");
        }
    }

    /** A diagnostic the editor shows in the selection: severity in words ({@code error}, {@code warning}...). */
    public record Diagnostic(Range range, String severity, String message) {
        public Diagnostic {
            Objects.requireNonNull(range, "range");
            Objects.requireNonNull(severity, "severity");
            Objects.requireNonNull(message, "message");
        }
    }
}
