package dev.agentls.mcp;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One configured MCP server, after checking and {@code ${VAR}} expansion: a command started over stdio, or an HTTP
 * endpoint. Its {@code fingerprint} is a hash of the entry as written (before expansion), which trust is kept
 * against. The values of {@code env} and {@code headers} may be secrets: {@link #toString} leaves them out.
 */
public sealed interface McpServerEntry {

    /** Where an entry was configured: a project's {@code .mcp.json} needs the user's trust, the others do not. */
    record Origin(Kind kind, Optional<Path> file) {
        public enum Kind { PROJECT, USER, SETTINGS }

        public Origin {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(file, "file");
        }

        /** How messages name it: the file, or {@code agentls.mcp.servers}. */
        public String label() {
            return file.map(Path::toString).orElse("agentls.mcp.servers");
        }
    }

    String name();

    Origin origin();

    /** The tools that run without asking the user each time. */
    Set<String> autoApprove();

    String fingerprint();

    /** What the trust prompt and {@code agentls mcp list} show: the command line or the URL, never env or headers. */
    String shown();

    record Stdio(String name, Origin origin, String command, List<String> args, Map<String, String> env,
                 Set<String> autoApprove, String fingerprint) implements McpServerEntry {
        public Stdio {
            args = List.copyOf(args);
            env = Map.copyOf(env);
            autoApprove = Set.copyOf(autoApprove);
        }

        @Override
        public String shown() {
            return args.isEmpty() ? command : command + " " + String.join(" ", args);
        }

        @Override
        public String toString() {
            return "Stdio[" + name + ": " + shown() + ", env " + env.keySet() + "]";
        }
    }

    record Http(String name, Origin origin, URI url, Map<String, String> headers, Set<String> autoApprove,
                String fingerprint) implements McpServerEntry {
        public Http {
            headers = Map.copyOf(headers);
            autoApprove = Set.copyOf(autoApprove);
        }

        @Override
        public String shown() {
            return url.toString();
        }

        @Override
        public String toString() {
            return "Http[" + name + ": " + url + ", headers " + headers.keySet() + "]";
        }
    }
}
