package dev.agentls.cli;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The terminal's lines through JLine: line editing, and a history kept in a file across sessions. Ctrl-C while a line
 * is typed is an {@link InterruptedIOException}; Ctrl-C while the agent works calls the action given to
 * {@link #onInterrupt}, instead of ending the process; Ctrl-D on an empty line ends the input.
 */
final class JLineSource implements LineSource, AutoCloseable {

    private final Terminal terminal;
    private final LineReader reader;

    private JLineSource(Terminal terminal, LineReader reader) {
        this.terminal = terminal;
        this.reader = reader;
    }

    /** The process's terminal, its history in {@code history} (its folder made when missing). */
    static JLineSource open(Path history) throws IOException {
        Files.createDirectories(history.getParent());
        Terminal terminal = TerminalBuilder.builder().system(true).build();
        LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("agentls")
                .variable(LineReader.HISTORY_FILE, history)
                // "!" and "^" are ordinary characters in a request, not history expansions.
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
        return new JLineSource(terminal, reader);
    }

    @Override
    public String readLine(String prompt) throws IOException {
        try {
            return reader.readLine(prompt);
        } catch (UserInterruptException e) {
            throw new InterruptedIOException("interrupted");
        } catch (EndOfFileException e) {
            return null;
        }
    }

    @Override
    public boolean showsPrompt() {
        return true;
    }

    @Override
    public boolean readsOnlyWhenAsked() {
        return true;
    }

    /** Ctrl-C while no line is being read calls {@code action} (the chat cancels its run) rather than exiting. */
    void onInterrupt(Runnable action) {
        terminal.handle(Terminal.Signal.INT, signal -> action.run());
    }

    @Override
    public void close() throws IOException {
        reader.getHistory().save();
        terminal.close();
    }
}
