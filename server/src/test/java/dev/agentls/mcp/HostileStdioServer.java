package dev.agentls.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A stdio MCP server written by hand (newline-delimited JSON-RPC, as the spec's stdio transport says) that misbehaves
 * on request: {@code echo} answers; {@code flood} writes one line of 100 MB; {@code noise} writes a line that is not
 * JSON and never answers; {@code notRpc} writes a JSON object that is not JSON-RPC and never answers. Run by the tests
 * in a child JVM.
 */
public final class HostileStdioServer {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HostileStdioServer() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            JsonNode message = JSON.readTree(line);
            if (!message.has("id") || !message.has("method")) {
                continue;
            }
            ObjectNode answer = JSON.createObjectNode().put("jsonrpc", "2.0");
            answer.set("id", message.get("id"));
            ObjectNode result = answer.putObject("result");
            switch (message.get("method").asText()) {
                case "initialize" -> {
                    result.put("protocolVersion", message.path("params").path("protocolVersion").asText());
                    result.putObject("capabilities").putObject("tools");
                    result.putObject("serverInfo").put("name", "hostile").put("version", "1");
                }
                case "tools/list" -> {
                    var tools = result.putArray("tools");
                    for (String name : new String[] {"echo", "flood", "noise", "notRpc"}) {
                        tools.addObject().put("name", name).put("description", "The " + name + " tool.")
                                .putObject("inputSchema").put("type", "object");
                    }
                }
                case "tools/call" -> {
                    String tool = message.path("params").path("name").asText();
                    if (tool.equals("flood")) {
                        byte[] chunk = new byte[1 << 20];
                        Arrays.fill(chunk, (byte) 'x');
                        OutputStream raw = out;
                        raw.write("{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.UTF_8));
                        for (int i = 0; i < 100; i++) {
                            raw.write(chunk);
                        }
                        raw.write('\n');
                        raw.flush();
                        continue;
                    }
                    if (tool.equals("noise")) {
                        out.print("this is a log line, not JSON\n");
                        out.flush();
                        continue;
                    }
                    if (tool.equals("notRpc")) {
                        out.print("{\"hello\": \"world\"}\n");
                        out.flush();
                        continue;
                    }
                    result.putArray("content").addObject().put("type", "text").put("text", "echo from hostile");
                }
                default -> { }
            }
            out.print(JSON.writeValueAsString(answer) + "\n");
            out.flush();
        }
    }
}
