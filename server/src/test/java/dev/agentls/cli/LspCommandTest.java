package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@code agentls lsp}: its options, and a whole session over the command's own streams. */
class LspCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void refusesABadPortWithStatusTwo() {
        assertEquals(2, run("lsp", "--port"));
        assertTrue(err().contains("agentls lsp: --port needs a number"), err());
        assertEquals(2, run("lsp", "--port", "abc"));
        assertTrue(err().contains("--port must be a number, got 'abc'"), err());
        assertEquals(2, run("lsp", "--port", "70000"));
        assertTrue(err().contains("--port must be 0-65535, got 70000"), err());
        assertEquals(2, run("lsp", "--verbose"));
        assertTrue(err().contains("unknown option '--verbose'"), err());
    }

    @Test
    void servesASessionOnItsStreamsAndRestoresStdout() throws UsageException {
        String[] messages = {
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"};
        StringBuilder stdin = new StringBuilder();
        for (String message : messages) {
            stdin.append("Content-Length: ").append(message.length()).append("\r\n\r\n").append(message);
        }
        PrintStream stdout = System.out;

        int status = new LspCommand(new ByteArrayInputStream(stdin.toString().getBytes(StandardCharsets.UTF_8)), System.getenv())
                .run(new String[0], new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(0, status);
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Content-Length: "), out.toString());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("\"id\":2,\"result\":null"), out.toString());
        assertSame(stdout, System.out);
    }
}
