package dev.agentls.mcp;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.Provider;
import dev.agentls.tools.command.CommandEnvironment;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import java.io.File;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes the transport of an entry: a stdio server started in the workspace folder with an environment that leaves out
 * the model's keys ({@link StdioServerTransport}), or the SDK's Streamable HTTP client for the entry's URL with its
 * headers; both bound the size of one inbound message, and both are watched ({@link WatchedTransport}) for what the
 * connection must hear of the link.
 */
final class ServerTransports {

    /**
     * The largest message a server may send (a stdio line in characters, an HTTP body or event in bytes); a larger
     * one fails its request naming this bound. Results are cut to {@link ResultText#MAX_CHARS} for the model anyway.
     */
    static final int MAX_MESSAGE_BYTES = 8 << 20;

    /** The providers' default key variables; a key under another name goes when its name sounds like a secret. */
    private static final List<String> KEY_VARIABLES = Arrays.stream(Provider.values())
            .map(Provider::defaultApiKeyEnv).toList();

    private final Path workingDirectory;
    private final Duration connectTimeout;

    ServerTransports(Path workingDirectory, Duration connectTimeout) {
        this.workingDirectory = workingDirectory;
        this.connectTimeout = connectTimeout;
    }

    /**
     * @param stdio   what a stdio server's transport reports (its process, stderr, skipped lines, a broken link)
     * @param link    what the connection hears of the link, either kind: a forgotten session, a changed tool list, a
     *                refusal, a broken stream ({@link WatchedTransport})
     */
    McpClientTransport of(McpServerEntry entry, StdioServerTransport.Listener stdio, WatchedTransport.Events link) {
        // Servers send fields newer than this SDK knows: they must be skipped, not fail the message.
        McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false));
        if (entry instanceof McpServerEntry.Stdio server) {
            List<String> command = new ArrayList<>();
            command.add(server.command());
            command.addAll(server.args());
            // What is inherited leaves out the model's key and anything named like a secret, as for
            // execute_command; the entry's own env comes on top: a server sees what its entry gives it.
            Map<String, String> environment = new HashMap<>(inheritedEnvironment(System.getenv()));
            environment.putAll(server.env());
            return new WatchedTransport(new StdioServerTransport(command, environment, workingDirectory, mapper,
                    MAX_MESSAGE_BYTES, stdio), link);
        }
        McpServerEntry.Http http = (McpServerEntry.Http) entry;
        URI url = http.url();
        String base = url.getScheme() + "://" + url.getRawAuthority();
        String endpoint = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        HttpRequest.Builder request = HttpRequest.newBuilder();
        http.headers().forEach(request::header);
        // No authorization error handler: a 401 or 403 fails the request once, never a retry loop.
        return new WatchedTransport(HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint)
                .jsonMapper(mapper).requestBuilder(request).connectTimeout(connectTimeout)
                .maxResponseSize(MAX_MESSAGE_BYTES).build(), link);
    }

    /** Whether a command can be started: a path to an executable file, or a name found on {@code PATH}. */
    static boolean startable(String command, String path) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command));
        }
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    /** What a stdio server inherits of {@code environment}: see {@link CommandEnvironment#forChildProcess()}. */
    static Map<String, String> inheritedEnvironment(Map<String, String> environment) {
        return new CommandEnvironment(environment, () -> KEY_VARIABLES).forChildProcess();
    }
}
