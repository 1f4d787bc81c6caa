package dev.agentls.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.config.McpSettings;
import dev.agentls.config.ToolMode;
import dev.agentls.mcp.McpConfigLoader;
import dev.agentls.mcp.McpServers;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.RecordingHost;
import dev.agentls.tools.ToolContext;
import dev.agentls.tools.ToolResult;
import dev.agentls.tools.ToolSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One MCP benchmark run (scripts/bench-mcp runs several): the time from asking for a server's tools to having them
 * (the server's start, initialize and tools/list), then CALLS calls of the SDK server's {@code echo} through the
 * agent's tool set (auto-approved), each timed on our side and compared with the handler's own time, which the server
 * reports in its answer. Prints {@code key=value} pairs.
 * Arguments: {@code sdk CALLS} (the MCP Java SDK's server in a child JVM) or {@code fs MAIN_JS} (the npm filesystem
 * server under node: start-up only).
 */
public final class McpBench {

    private static final ObjectMapper JSON = new ObjectMapper();

    private McpBench() {}

    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("agentls-bench-mcp");
        ObjectNode entry = JSON.createObjectNode();
        if (args[0].equals("sdk")) {
            entry.put("command", Path.of(System.getProperty("java.home"), "bin", "java").toString());
            entry.putArray("args").add("-XX:TieredStopAtLevel=1").add("-cp").add(System.getProperty("java.class.path"))
                    .add("dev.agentls.mcp.SdkTestServer");
            entry.putArray("autoApprove").add("echo");
        } else {
            entry.put("command", "node");
            entry.putArray("args").add(args[1]).add(root.toString());
        }
        ObjectNode servers = JSON.createObjectNode();
        servers.set("s", entry);
        McpSettings settings = new McpSettings(Duration.ofSeconds(60), Optional.of(servers));
        try (McpServers registry = new McpServers(new McpConfigLoader(root.resolve("none.json"), Map.of()),
                List.of(root), line -> { })) {
            long start = System.nanoTime();
            ToolSet.Later later = registry.toolsFor(settings, ToolMode.NATIVE, new RecordingHost());
            long startMicros = (System.nanoTime() - start) / 1_000;
            if (!later.notes().isEmpty()) {
                throw new IllegalStateException(later.notes().toString());
            }
            System.out.print("server=" + args[0] + " start_to_tools_ms=" + startMicros / 1_000 + " tools="
                    + later.tools().size());
            if (args[0].equals("sdk")) {
                int calls = Integer.parseInt(args[1]);
                ToolSet tools = new ToolSet(later.tools());
                long[] total = new long[calls];
                long[] handler = new long[calls];
                for (int i = 0; i < calls; i++) {
                    long t0 = System.nanoTime();
                    ToolResult result = tools.execute("mcp__s__echo", JSON.readTree("{\"text\":\"ping " + i + "\"}"),
                            new ToolContext(new RecordingHost(), Cancellation.none(), "bench"))
                            .get(60, TimeUnit.SECONDS);
                    total[i] = System.nanoTime() - t0;
                    String text = result.text();
                    handler[i] = Long.parseLong(text.substring(text.indexOf("handlerNanos=") + 13).strip());
                }
                // The first calls warm both JVMs up; the median of the second half is the steady cost.
                long[] warmTotal = Arrays.copyOfRange(total, calls / 2, calls);
                long[] warmHandler = Arrays.copyOfRange(handler, calls / 2, calls);
                long[] overhead = new long[warmTotal.length];
                for (int i = 0; i < overhead.length; i++) {
                    overhead[i] = warmTotal[i] - warmHandler[i];
                }
                System.out.print(" call_median_us=" + median(warmTotal) / 1_000 + " handler_median_us="
                        + median(warmHandler) / 1_000 + " overhead_median_us=" + median(overhead) / 1_000
                        + " first_call_us=" + total[0] / 1_000);
            }
            System.out.println();
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
