package dev.agentls.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * Where the terminal's lines come from: a plain reader (a pipe, a file, a terminal with no line editing), or a line
 * editor that shows the prompt itself and keeps a history ({@link JLineSource}).
 */
interface LineSource {

    /**
     * The next line, with {@code prompt} shown by the source when it {@link #showsPrompt() shows prompts}; null at
     * the end of the input.
     *
     * @throws InterruptedIOException the user pressed Ctrl-C while the line was being typed
     */
    String readLine(String prompt) throws IOException;

    /** Whether {@link #readLine} shows the prompt (a line editor), or the caller must print it first. */
    boolean showsPrompt();

    /**
     * Whether a line may be read only while a question waits for it: a line editor shows its prompt as it starts
     * reading, so it must not read ahead while the agent works; a pipe may be read ahead at will.
     */
    boolean readsOnlyWhenAsked();

    static LineSource of(BufferedReader reader) {
        return new LineSource() {
            @Override
            public String readLine(String prompt) throws IOException {
                return reader.readLine();
            }

            @Override
            public boolean showsPrompt() {
                return false;
            }

            @Override
            public boolean readsOnlyWhenAsked() {
                return false;
            }
        };
    }
}
