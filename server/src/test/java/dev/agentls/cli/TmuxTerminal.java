package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real terminal for a test: a detached tmux session of its own server socket, running one command; keys are sent
 * as a person types them and the screen is read back. Waits are for what must appear, with a deadline.
 */
final class TmuxTerminal implements AutoCloseable {

    private final Path socket;
    private final String session = "t";

    private TmuxTerminal(Path socket) {
        this.socket = socket;
    }

    static boolean available() {
        return Files.isExecutable(Path.of("/usr/bin/tmux"));
    }

    /** Starts {@code command} in a new 160x50 terminal in {@code dir}, with {@code env} set. */
    static TmuxTerminal start(Path socket, Path dir, Map<String, String> env, String command) throws Exception {
        TmuxTerminal terminal = new TmuxTerminal(socket);
        List<String> args = new ArrayList<>(List.of("new-session", "-d", "-s", terminal.session, "-x", "160", "-y",
                "50", "-c", dir.toString()));
        env.forEach((k, v) -> args.addAll(List.of("-e", k + "=" + v)));
        args.add(command + "; echo \"[exit $?]\"; sleep 600");
        terminal.tmux(args);
        return terminal;
    }

    void type(String text) throws Exception {
        tmux(List.of("send-keys", "-t", session, "-l", text));
    }

    /** Sends a key by tmux's name: Enter, C-c, C-d, Up. */
    void key(String name) throws Exception {
        tmux(List.of("send-keys", "-t", session, name));
    }

    String screen() throws Exception {
        return tmux(List.of("capture-pane", "-p", "-J", "-S", "-2000", "-t", session));
    }

    /** The screen once it holds {@code text} {@code times} times, or fails with the screen after {@code wait}. */
    String await(String text, int times, Duration wait) throws Exception {
        Instant deadline = Instant.now().plus(wait);
        String screen = screen();
        while (count(screen, text) < times && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
            screen = screen();
        }
        if (count(screen, text) < times) {
            throw new AssertionError("the terminal did not show '" + text + "' " + times + " time(s) within " + wait
                    + ":\n" + screen);
        }
        return screen;
    }

    String await(String text) throws Exception {
        return await(text, 1, Duration.ofSeconds(60));
    }

    static int count(String screen, String text) {
        int n = 0;
        for (int i = screen.indexOf(text); i >= 0; i = screen.indexOf(text, i + 1)) {
            n++;
        }
        return n;
    }

    private String tmux(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-S", socket.toString()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor(20, TimeUnit.SECONDS);
        assertEquals(0, process.exitValue(), "tmux " + args + ": " + out);
        return out;
    }

    @Override
    public void close() throws Exception {
        new ProcessBuilder("tmux", "-S", socket.toString(), "kill-server").start().waitFor(20, TimeUnit.SECONDS);
    }
}
