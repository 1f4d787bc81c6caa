package dev.agentls.mcp;

import dev.agentls.config.McpSettings;
import dev.agentls.config.ToolMode;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
import dev.agentls.tools.Cancellation;
import dev.agentls.tools.Tool;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The MCP servers of one session (one workspace): it reads their configuration as each run starts, asks the user to
 * trust a project's entries (once per entry; again when it changes), starts the trusted ones lazily, in the
 * workspace root, and gives the run their tools. Servers stay up between runs and stop with {@link #close}.
 */
public final class McpServers implements AutoCloseable {

    /** How long a run waits for the user to answer the trust question before going on without the server. */
    static final Duration TRUST_WAIT = Duration.ofMinutes(5);

    private final McpConfigLoader loader;
    private final List<Path> roots;
    private final Consumer<String> log;
    private final Duration trustWait;
    private final Map<String, McpConnection> connections = new LinkedHashMap<>();
    private final Map<String, String> untrusted = new LinkedHashMap<>();
    /** Fingerprints the user declined this session: not asked again until the entry changes. */
    private final Set<String> declined = new HashSet<>();
    private McpConfig config = McpConfig.EMPTY;
    private boolean closed;

    /**
     * @param roots the workspace folders: {@code .mcp.json} is read at each, servers start in the first
     * @param log   the server log: lifecycle, problems and every server's stderr
     */
    public McpServers(McpConfigLoader loader, List<Path> roots, Consumer<String> log) {
        this(loader, roots, log, TRUST_WAIT);
    }

    /** @param trustWait how long a trust question waits for the user before it is withdrawn (tests give a short one) */
    McpServers(McpConfigLoader loader, List<Path> roots, Consumer<String> log, Duration trustWait) {
        this.loader = loader;
        this.roots = List.copyOf(roots);
        this.log = log;
        this.trustWait = trustWait;
    }

    /**
     * Starts what a run needs and gives its MCP tools: {@code mcp__<server>__<tool>} for each tool in native mode,
     * {@code use_mcp_tool} in XML mode, and {@code access_mcp_resource} in both, when a server runs. Blocks the
     * calling run (never a protocol thread) while servers start, each bounded by {@code agentls.mcp.timeout}. What
     * could not be had comes back as notes.
     */
    public ToolSet.Later toolsFor(McpSettings settings, ToolMode mode, Host host) {
        return toolsFor(settings, mode, host, Cancellation.none());
    }

    /**
     * As {@link #toolsFor(McpSettings, ToolMode, Host)} for a run that may be cancelled: a cancel ends the wait for a
     * trust answer (that server is not started, and the question is withdrawn) and for servers still starting.
     */
    public ToolSet.Later toolsFor(McpSettings settings, ToolMode mode, Host host, Cancellation cancellation) {
        return gather(settings, mode, Optional.of(host), cancellation);
    }

    /**
     * Starts every server that needs no question (the user's, the settings', and the project's already trusted),
     * for listing their tools ({@code agentls mcp list --start}); a project's entry not yet trusted stays untrusted.
     */
    public List<String> startTrusted(McpSettings settings) {
        return gather(settings, ToolMode.NATIVE, Optional.empty(), Cancellation.none()).notes();
    }

    private ToolSet.Later gather(McpSettings settings, ToolMode mode, Optional<Host> asking,
                                 Cancellation cancellation) {
        List<String> notes = new ArrayList<>();
        Map<String, McpConnection> ready = new LinkedHashMap<>();
        Map<McpConnection, CompletableFuture<List<RemoteTool>>> starting = new LinkedHashMap<>();
        for (McpServerEntry entry : refresh(settings, notes)) {
            if (cancellation.isCancelled()) {
                return new ToolSet.Later(List.of(), notes);
            }
            Optional<String> distrust = trust(entry, asking, cancellation);
            if (distrust.isPresent()) {
                notes.add(distrust.get());
                continue;
            }
            McpConnection connection = connection(entry, settings.timeout());
            starting.put(connection, connection.start());
        }
        for (Map.Entry<McpConnection, CompletableFuture<List<RemoteTool>>> e : starting.entrySet()) {
            McpConnection connection = e.getKey();
            try {
                Cancellable.await(e.getValue(), connection.startTimeout().plusSeconds(2), cancellation);
                ready.put(connection.entry().name(), connection);
            } catch (ExecutionException | TimeoutException failed) {
                notes.add(connection.state().describe() + "; this run goes on without it");
            } catch (CancellationException cancelled) {
                // The server goes on starting, for the next run; this one was cancelled and wants no tools.
                return new ToolSet.Later(List.of(), notes);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                notes.add("MCP server '" + connection.entry().name() + "' was not waited for (interrupted)");
            }
        }
        return new ToolSet.Later(tools(ready, mode, notes), notes);
    }

    private static List<Tool> tools(Map<String, McpConnection> ready, ToolMode mode, List<String> notes) {
        List<Tool> tools = new ArrayList<>();
        if (ready.isEmpty()) {
            return tools;
        }
        Map<String, List<RemoteTool>> offered = new LinkedHashMap<>();
        for (McpConnection connection : ready.values()) {
            if (connection.state() instanceof McpServerState.Ready r) {
                offered.put(connection.entry().name(), OfferedTools.select(connection.entry().name(), r.tools(),
                        notes));
            }
        }
        ConnectedServers connected = new ConnectedServers(ready, offered);
        if (mode == ToolMode.XML) {
            tools.add(new UseMcpToolTool(connected));
        } else {
            for (McpConnection connection : ready.values()) {
                connected.tools(connection.entry().name())
                        .forEach(tool -> tools.add(new McpToolAdapter(connection, tool)));
            }
        }
        tools.add(new AccessMcpResourceTool(connected));
        return tools;
    }

    /** The configured servers as they are now, without starting anything. */
    public synchronized List<McpServerStatus> status(McpSettings settings) {
        List<String> problems = new ArrayList<>();
        List<McpServerStatus> list = new ArrayList<>();
        for (McpServerEntry entry : refreshLocked(settings, problems)) {
            McpConnection connection = connections.get(entry.name());
            McpServerState state = untrusted.containsKey(entry.name())
                    ? new McpServerState.Untrusted(untrusted.get(entry.name()))
                    : connection == null ? new McpServerState.NotStarted() : connection.state();
            list.add(new McpServerStatus(entry, state));
        }
        return list;
    }

    /** The problems of the configuration as last read. */
    public synchronized List<String> problems() {
        return config.problems();
    }

    private synchronized List<McpServerEntry> refresh(McpSettings settings, List<String> notes) {
        if (closed) {
            return List.of();
        }
        return refreshLocked(settings, notes);
    }

    private List<McpServerEntry> refreshLocked(McpSettings settings, List<String> notes) {
        McpConfig read = loader.load(roots, settings.servers());
        if (!read.problems().equals(config.problems())) {
            read.problems().forEach(p -> log.accept("MCP configuration: " + p));
        }
        config = read;
        notes.addAll(read.problems());
        // A server whose entry changed or went away is stopped; its new entry starts afresh when needed.
        Map<String, McpServerEntry> byName = new LinkedHashMap<>();
        read.servers().forEach(e -> byName.put(e.name(), e));
        connections.entrySet().removeIf(e -> {
            McpServerEntry now = byName.get(e.getKey());
            if (now == null || !now.equals(e.getValue().entry())) {
                e.getValue().close();
                return true;
            }
            return false;
        });
        return read.servers();
    }

    private synchronized McpConnection connection(McpServerEntry entry, Duration timeout) {
        return connections.computeIfAbsent(entry.name(), name -> new McpConnection(entry,
                roots.isEmpty() ? Path.of("").toAbsolutePath() : roots.get(0), timeout, log));
    }

    /** Empty when the entry may start; else why not. Asks the user about a project's entry it has not trusted. */
    private Optional<String> trust(McpServerEntry entry, Optional<Host> asking, Cancellation cancellation) {
        if (entry.origin().kind() != McpServerEntry.Origin.Kind.PROJECT) {
            return Optional.empty();
        }
        Path root = entry.origin().file().orElseThrow().getParent();
        synchronized (this) {
            untrusted.remove(entry.name());
            if (TrustStore.trusts(root, entry.name(), entry.fingerprint())) {
                return Optional.empty();
            }
            if (declined.contains(entry.fingerprint())) {
                return Optional.of(untrust(entry, "MCP server '" + entry.name() + "' from " + entry.origin().label()
                        + " was not started: the user did not trust it (asked again when the entry changes)"));
            }
        }
        if (asking.isEmpty()) {
            return Optional.of(untrust(entry, "MCP server '" + entry.name() + "' from " + entry.origin().label()
                    + " is not trusted yet: the first run in this workspace asks"));
        }
        Host host = asking.get();
        boolean approved;
        CompletableFuture<Boolean> question = host.confirm("Start MCP server '" + entry.name() + "' from "
                        + McpConfigLoader.PROJECT_FILE + "?",
                "The project's " + entry.origin().label() + " asks to run: " + entry.shown()
                        + "\nIt runs with your permissions in " + root + ". You are asked again if the entry"
                        + " changes.");
        try {
            approved = Boolean.TRUE.equals(Cancellable.await(question, trustWait, cancellation));
        } catch (TimeoutException e) {
            // Taken back from the user: an answer given later would start nothing.
            String waited = Causes.seconds(trustWait);
            question.completeExceptionally(new QuestionWithdrawn("it waited " + waited
                    + " without an answer; the next run asks again"));
            return Optional.of(untrust(entry, "MCP server '" + entry.name() + "' was not started: the trust"
                    + " question was not answered within " + waited));
        } catch (ExecutionException e) {
            return Optional.of(untrust(entry, "MCP server '" + entry.name() + "' was not started: the trust"
                    + " question was not answered"));
        } catch (CancellationException e) {
            // Withdrawn from the user with its reason; the user did not decide, so the next run asks again.
            question.completeExceptionally(new QuestionWithdrawn("the run was cancelled"));
            return Optional.of(untrust(entry, "MCP server '" + entry.name() + "' was not started: the run was"
                    + " cancelled while the trust question waited for an answer"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(untrust(entry, "MCP server '" + entry.name() + "' was not started (interrupted)"));
        }
        synchronized (this) {
            if (!approved) {
                declined.add(entry.fingerprint());
                return Optional.of(untrust(entry, "MCP server '" + entry.name() + "' from "
                        + entry.origin().label() + " was not started: the user did not trust it"));
            }
            TrustStore.remember(root, entry.name(), entry.fingerprint()).ifPresent(log);
            return Optional.empty();
        }
    }

    private synchronized String untrust(McpServerEntry entry, String reason) {
        untrusted.put(entry.name(), reason);
        return reason;
    }

    /** Stops every server; later runs get no MCP tools. */
    @Override
    public synchronized void close() {
        closed = true;
        connections.values().forEach(McpConnection::close);
    }
}
