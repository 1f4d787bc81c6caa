package dev.agentls.cli;

import dev.agentls.llm.replay.ReplayServer;
import dev.agentls.llm.replay.Transcript;
import dev.agentls.llm.replay.TranscriptException;
import dev.agentls.llm.replay.TranscriptReader;
import dev.agentls.threads.DaemonThreads;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;

/**
 * {@code agentls replay-model --script FILE [--port N] [--once]}: a loopback server replaying a scripted model
 * transcript, for demos until a real model is configured. Everything it prints says it is a replay. It serves until
 * killed, or with {@code --once} until the last scripted response was sent.
 */
final class ReplayModelCommand implements Subcommand {

    @Override
    public String name() {
        return "replay-model";
    }

    @Override
    public String summary() {
        return "replay a scripted model transcript on 127.0.0.1 (--script FILE [--port N] [--once])";
    }

    @Override
    public CommandHelp help() {
        return new CommandHelp("usage: agentls replay-model --script FILE [--port N] [--once]", "Serves a scripted"
                + " model transcript (JSONL) on 127.0.0.1, OpenAI- or Anthropic-shaped, for tests and demos.",
                List.of(new CommandHelp.Option("--script", "FILE", "", "the JSONL transcript (required)"),
                        new CommandHelp.Option("--port", "N", "0 (any free port)", "the port to listen on"),
                        new CommandHelp.Option("--once", "", "off", "exit once the transcript is played")));
    }

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) throws UsageException {
        Path script = null;
        int port = 0;
        boolean once = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--script" -> script = Path.of(value(args, ++i, "--script needs a file"));
                case "--port" -> port = port(value(args, ++i, "--port needs a number"));
                case "--once" -> once = true;
                default -> throw UsageException.unknownOption(args[i],
                        "usage: agentls replay-model --script FILE [--port N] [--once]");
            }
        }
        if (script == null) {
            throw new UsageException("--script FILE is required (a JSONL transcript)");
        }
        if (!Files.isRegularFile(script)) {
            err.println("agentls replay-model: no such file: " + ShownArgument.redactKeys(script.toString()));
            return 1;
        }
        Transcript transcript;
        try {
            transcript = new TranscriptReader().read(script);
        } catch (TranscriptException e) {
            err.println("agentls replay-model: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println(ShownArgument.redactKeys("agentls replay-model: cannot read " + script + ": " + e.getMessage()));
            return 1;
        }
        ExecutorService threads = DaemonThreads.pool("replay-model");
        try (ReplayServer server = ReplayServer.start(transcript, port, threads, out::println)) {
            out.println("agentls replay-model: REPLAY of " + script + " (" + transcript.responses().size()
                    + " scripted responses); this is not a real model");
            out.println("listening on " + server.baseUrl() + "  (openai baseUrl: " + server.baseUrl()
                    + "/v1, anthropic baseUrl: " + server.baseUrl() + ")");
            out.flush();
            if (once) {
                server.allServed().get();
                out.println("agentls replay-model: all " + transcript.responses().size()
                        + " scripted responses served; exiting");
            } else {
                new java.util.concurrent.CompletableFuture<Void>().get();
            }
            return 0;
        } catch (IOException e) {
            err.println("agentls replay-model: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } catch (ExecutionException e) {
            err.println("agentls replay-model: " + e.getCause());
            return 1;
        } finally {
            threads.shutdownNow();
        }
    }

    private static String value(String[] args, int i, String missing) throws UsageException {
        if (i >= args.length) {
            throw new UsageException(missing);
        }
        return args[i];
    }

    private static int port(String text) throws UsageException {
        try {
            int port = Integer.parseInt(text);
            if (port < 0 || port > 65535) {
                throw new UsageException("--port must be 0-65535, got " + text);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new UsageException("--port must be a number, got '" + ShownArgument.of(text) + "'");
        }
    }
}
