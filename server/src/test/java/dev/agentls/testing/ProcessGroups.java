package dev.agentls.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Process groups as ps(1) reports them: a command the agent ran leads a group of its own, and a test that kills the
 * agent checks that no process of that group is left.
 */
public final class ProcessGroups {

    private ProcessGroups() {}

    /** The group of process {@code pid}. */
    public static long groupOf(long pid) throws IOException, InterruptedException {
        return Long.parseLong(ps("-o", "pgid=", "-p", Long.toString(pid)).strip());
    }

    /** Whether any process is in group {@code pgid}. */
    public static boolean alive(long pgid) throws IOException, InterruptedException {
        return ps("-e", "-o", "pgid=").lines().map(String::strip).anyMatch(g -> g.equals(Long.toString(pgid)));
    }

    private static String ps(String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 1];
        command[0] = "ps";
        System.arraycopy(args, 0, command, 1, args.length);
        Process ps = new ProcessBuilder(command).start();
        String out = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        ps.waitFor();
        return out;
    }
}
