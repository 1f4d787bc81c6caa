package dev.agentls.cli;

import dev.agentls.lsp.LspServerLauncher;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;

/**
 * {@code agentls lsp [--port N]}: the language server on stdin/stdout, or on one connection to 127.0.0.1:N. While it
 * serves, {@code System.out} is pointed at stderr so that a stray print can never corrupt the protocol stream.
 */
final class LspCommand implements Subcommand {

    private final InputStream stdin;

    LspCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public String name() {
        return "lsp";
    }

    @Override
    public String summary() {
        return "run the language server on stdio (or --port N: on 127.0.0.1:N)";
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        Integer port = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--port")) {
                if (i + 1 >= args.length) {
                    throw new UsageException("--port needs a number");
                }
                port = parsePort(args[++i]);
            } else if (args[i].equals("--stdio")) {
                // What some clients pass by habit; stdio is the default.
            } else {
                throw new UsageException("unknown option '" + args[i] + "' (usage: agentls lsp [--port N])");
            }
        }
        HeapTuning.forLongRunningServer();
        LspServerLauncher launcher = new LspServerLauncher(err, ToolSessionsWiring.standard());
        PrintStream previous = System.out;
        System.setOut(err);
        try {
            if (port == null) {
                return launcher.serve(stdin, out);
            }
            return launcher.serveOnPort(port, actual -> err.println("agentls lsp: listening on 127.0.0.1:" + actual));
        } catch (IOException e) {
            err.println("agentls lsp: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
            return 1;
        } finally {
            System.setOut(previous);
        }
    }

    private static int parsePort(String text) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new UsageException("--port must be 0-65535, got " + text);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageException("--port must be a number, got '" + text + "'");
        }
    }
}
