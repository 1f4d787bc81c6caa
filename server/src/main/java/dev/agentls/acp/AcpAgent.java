package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.agent.RunMode;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The agent side of ACP: the lifecycle methods (initialize, session/new, load, list, prompt, cancel, set_mode,
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
            case "session/new" -> CompletableFuture.supplyAsync(() -> opened(create(root(params))), work);
            case "session/load" -> CompletableFuture.supplyAsync(() -> load(params), work);
            case "session/list" -> CompletableFuture.completedFuture(AcpConnection.Answer.of(list()));
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
        JsonNode fs = params.path("clientCapabilities").path("fs");
        capabilities.set(new AcpHost.ClientCapabilities(fs.path("readTextFile").asBoolean(false),
                fs.path("writeTextFile").asBoolean(false),
                params.path("clientCapabilities").path("terminal").asBoolean(false)));
        ObjectNode result = AcpConnection.NODES.objectNode().put("protocolVersion", PROTOCOL_VERSION);
        ObjectNode agent = result.putObject("agentCapabilities").put("loadSession", true);
        agent.putObject("promptCapabilities").put("image", false).put("audio", false).put("embeddedContext", true);
        agent.putObject("mcpCapabilities").put("http", false).put("sse", false);
        agent.putObject("sessionCapabilities").putObject("list");
        result.putObject("agentInfo").put("name", "agentls").put("title", "AgentLS").put("version", version);
        result.putArray("authMethods");
        return result;
    }

    private AcpSession create(Path root) {
        Parts parts = open(root);
        String id = parts.opened().agent().conversations().create().id();
        return register(root, id, parts);
    }

    private AcpConnection.Answer load(JsonNode params) {
        String id = params.path("sessionId").asText();
        Path root = root(params);
        AcpSession existing = sessions.remove(id);
        if (existing != null) {
            existing.close();
        }
        Parts parts = open(root);
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

    private Parts open(Path root) {
        AcpUpdates updates = new AcpUpdates(root, contextWindow);
        AtomicReference<AcpHost> host = new AtomicReference<>();
        AcpWorkspaces.Opened opened = workspaces.open(root, (documents, disk) -> {
            host.set(new AcpHost(client, capabilities.get(), disk, documents, updates));
            return host.get();
        });
        return new Parts(opened, updates, host.get());
    }

    private AcpSession register(Path root, String id, Parts parts) {
        parts.host().bind(id);
        AcpSession session = new AcpSession(id, root, parts.opened(), client, new SessionJournal(root, id),
                parts.updates(), parts.host());
        sessions.put(id, session);
        return session;
    }

    private AcpConnection.Answer opened(AcpSession session) {
        ObjectNode result = AcpConnection.NODES.objectNode().put("sessionId", session.id());
        result.set("modes", session.modes());
        result.set("configOptions", session.configOptions());
        return new AcpConnection.Answer(result, session::advertiseCommands);
    }

    private ObjectNode list() {
        ObjectNode result = AcpConnection.NODES.objectNode();
        var array = result.putArray("sessions");
        sessions.values().forEach(s -> array.addObject().put("sessionId", s.id()).put("cwd", s.root().toString()));
        return result;
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
