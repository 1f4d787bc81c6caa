package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.agent.RunMode;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The agent side of ACP: the lifecycle methods (initialize, session/new, load, list, delete, prompt, cancel, set_mode,
 * set_config_option), each checking its params and handing the work to a {@link AcpSession}. Requests before
 * {@code initialize} are refused. Work that waits (opening a workspace, a run) is done off the reading thread.
 */
public final class AcpAgent implements AcpConnection.Handler {

    public static final int PROTOCOL_VERSION = 1;

    private final AcpConnection client;
    private final AcpWorkspaces workspaces;
    private final Executor work;
    private final long contextWindow;
    private final String version;
    private final Map<String, AcpSession> sessions = new ConcurrentHashMap<>();
    private final AtomicReference<AcpHost.ClientCapabilities> capabilities = new AtomicReference<>();
    /** The folders sessions were opened or listed in, for session/list without a cwd and session/delete. */
    private final Set<Path> knownRoots = ConcurrentHashMap.newKeySet();

    /** @param contextWindow the model's context size in tokens, as usage updates report it */
    public AcpAgent(AcpConnection client, AcpWorkspaces workspaces, Executor work, long contextWindow, String version) {
        this.client = client;
        this.workspaces = workspaces;
        this.work = work;
        this.contextWindow = contextWindow;
        this.version = version;
    }

    @Override
    public CompletableFuture<AcpConnection.Answer> request(String method, JsonNode params) {
        if (method.equals("initialize")) {
            return CompletableFuture.completedFuture(AcpConnection.Answer.of(initialize(params)));
        }
        if (capabilities.get() == null) {
            throw new AcpException(AcpException.INVALID_REQUEST, method + " before initialize: send initialize first");
        }
        return switch (method) {
            case "session/new" -> {
                Path root = root(params);
                Optional<ObjectNode> servers = ClientMcpServers.of(params.get("mcpServers"));
                yield CompletableFuture.supplyAsync(() -> opened(create(root, servers)), work);
            }
            case "session/load" -> {
                Optional<ObjectNode> servers = ClientMcpServers.of(params.get("mcpServers"));
                yield CompletableFuture.supplyAsync(() -> load(params, servers), work);
            }
            case "session/list" -> {
                if (params.hasNonNull("cwd")) {
                    knownRoots.add(root(params));
                }
                List<Path> roots = params.hasNonNull("cwd") ? List.of(root(params)) : List.copyOf(knownRoots);
                yield CompletableFuture.supplyAsync(() -> AcpConnection.Answer.of(list(roots)), work);
            }
            case "session/delete" -> {
                String id = params.path("sessionId").asText("");
                yield CompletableFuture.supplyAsync(() -> AcpConnection.Answer.of(delete(id)), work);
            }
            case "session/prompt" -> session(params).prompt(params.path("prompt")).thenApply(AcpConnection.Answer::of);
            case "session/set_mode" -> setMode(session(params), params.path("modeId"));
            case "session/set_config_option" -> {
                AcpSession session = session(params);
                if (!params.path("configId").asText().equals("mode")) {
                    throw new AcpException(AcpException.INVALID_PARAMS, "unknown config option '"
                            + params.path("configId").asText() + "'; the one option is 'mode'");
                }
                yield setMode(session, params.path("value")).thenApply(done -> AcpConnection.Answer.of(
                        AcpConnection.NODES.objectNode().set("configOptions", session.configOptions())));
            }
            default -> throw new AcpException(AcpException.METHOD_NOT_FOUND, "method '" + method + "' is not"
                    + " offered; see initialize's agentCapabilities");
        };
    }

    @Override
    public void notification(String method, JsonNode params) {
        if (method.equals("session/cancel")) {
            AcpSession session = sessions.get(params.path("sessionId").asText());
            if (session != null) {
                session.cancel();
            }
        }
    }

    private ObjectNode initialize(JsonNode params) {
        JsonNode client = params.path("clientCapabilities");
        JsonNode fs = client.path("fs");
        capabilities.set(new AcpHost.ClientCapabilities(fs.path("readTextFile").asBoolean(false),
                fs.path("writeTextFile").asBoolean(false), client.path("terminal").asBoolean(false),
                client.path("elicitation").path("form").isObject()));
        ObjectNode result = AcpConnection.NODES.objectNode().put("protocolVersion", PROTOCOL_VERSION);
        ObjectNode agent = result.putObject("agentCapabilities").put("loadSession", true);
        agent.putObject("promptCapabilities").put("image", false).put("audio", false).put("embeddedContext", true);
        // The client's stdio and Streamable HTTP servers are started (ClientMcpServers); SSE is not spoken.
        agent.putObject("mcpCapabilities").put("http", true).put("sse", false);
        ObjectNode sessionCapabilities = agent.putObject("sessionCapabilities");
        sessionCapabilities.putObject("list");
        sessionCapabilities.putObject("delete");
        result.putObject("agentInfo").put("name", "agentls").put("title", "AgentLS").put("version", version);
        result.putArray("authMethods");
        return result;
    }

    private AcpSession create(Path root, Optional<ObjectNode> servers) {
        Parts parts = open(root, servers);
        String id = parts.opened().agent().conversations().create().id();
        return register(root, id, parts);
    }

    private AcpConnection.Answer load(JsonNode params, Optional<ObjectNode> servers) {
        String id = params.path("sessionId").asText();
        Path root = root(params);
        AcpSession existing = sessions.remove(id);
        if (existing != null) {
            existing.close();
        }
        Parts parts = open(root, servers);
        if (parts.opened().agent().conversations().find(id).isEmpty()) {
            parts.opened().close().run();
            throw new AcpException(AcpException.RESOURCE_NOT_FOUND, "no session '" + id + "' under " + root);
        }
        AcpSession session = register(root, id, parts);
        session.replay();
        return opened(session);
    }

    /** An opened workspace with the host it was given (bound to its session once the id is known). */
    private record Parts(AcpWorkspaces.Opened opened, AcpUpdates updates, AcpHost host) {}

    private Parts open(Path root, Optional<ObjectNode> servers) {
        AcpUpdates updates = new AcpUpdates(root, contextWindow);
        AtomicReference<AcpHost> host = new AtomicReference<>();
        knownRoots.add(root);
        AcpWorkspaces.Opened opened = workspaces.open(root, servers, (documents, disk) -> {
            host.set(new AcpHost(client, capabilities.get(), disk, documents, updates));
            return host.get();
        });
        return new Parts(opened, updates, host.get());
    }

    private AcpSession register(Path root, String id, Parts parts) {
        parts.host().bind(id);
        AcpSession session = new AcpSession(id, root, parts.opened(), client, SessionJournal.of(root, id),
                parts.updates(), parts.host(), new UndoRuns(id, parts.opened().checkpoints(), parts.host().documents(),
                parts.host()));
        sessions.put(id, session);
        return session;
    }

    private AcpConnection.Answer opened(AcpSession session) {
        ObjectNode result = AcpConnection.NODES.objectNode().put("sessionId", session.id());
        result.set("modes", session.modes());
        result.set("configOptions", session.configOptions());
        return new AcpConnection.Answer(result, session::advertiseCommands);
    }

    /** The conversations of these folders (this process's and earlier ones'), newest first. */
    private ObjectNode list(List<Path> roots) {
        ObjectNode result = AcpConnection.NODES.objectNode();
        var array = result.putArray("sessions");
        for (Path root : roots) {
            List<AcpWorkspaces.Listed> listed = new ArrayList<>(workspaces.conversations(root));
            Collections.reverse(listed);
            for (AcpWorkspaces.Listed each : listed) {
                ObjectNode info = array.addObject().put("sessionId", each.id()).put("cwd", root.toString());
                if (!each.title().isBlank()) {
                    info.put("title", each.title());
                }
                each.updated().ifPresent(at -> info.put("updatedAt", at.toString()));
            }
        }
        return result;
    }

    /**
     * Deletes a session's conversation and its journal, closing it first when it is open; an id no known folder holds
     * succeeds silently, as the protocol asks.
     */
    private ObjectNode delete(String id) {
        AcpSession open = sessions.remove(id);
        if (open != null) {
            open.close();
        }
        for (Path root : open != null ? List.of(open.root()) : List.copyOf(knownRoots)) {
            if (workspaces.delete(root, id)) {
                SessionJournal.of(root, id).delete();
                break;
            }
        }
        return AcpConnection.NODES.objectNode();
    }

    private CompletableFuture<AcpConnection.Answer> setMode(AcpSession session, JsonNode modeId) {
        RunMode mode = RunMode.byId(modeId.asText()).orElseThrow(() -> new AcpException(AcpException.INVALID_PARAMS,
                "unknown mode '" + modeId.asText() + "'; the modes are direct, plan and ask"));
        session.mode(mode);
        return CompletableFuture.completedFuture(AcpConnection.Answer.of(AcpConnection.NODES.objectNode()));
    }

    private AcpSession session(JsonNode params) {
        String id = params.path("sessionId").asText("");
        AcpSession session = sessions.get(id);
        if (session == null) {
            throw new AcpException(AcpException.RESOURCE_NOT_FOUND, "no session '" + id + "' in this agent;"
                    + " create one with session/new or load it with session/load");
        }
        return session;
    }

    private static Path root(JsonNode params) {
        String cwd = params.path("cwd").asText("");
        try {
            Path root = Path.of(cwd);
            if (!root.isAbsolute() || !Files.isDirectory(root)) {
                throw new AcpException(AcpException.INVALID_PARAMS, "cwd must be an absolute path of a folder, got '"
                        + cwd + "'");
            }
            return root.normalize();
        } catch (InvalidPathException e) {
            throw new AcpException(AcpException.INVALID_PARAMS, "cwd is not a path: " + e.getMessage());
        }
    }
}
