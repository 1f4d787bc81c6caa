package dev.agentls.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's load average as the kernel states it, for printing next to a benchmark's figures. */
final class LoadAverage {

    private LoadAverage() {}

    /** The 1, 5 and 15 minute load averages from {@code /proc/loadavg}, or "unknown" where it cannot be read. */
    static String read() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : "unknown";
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
