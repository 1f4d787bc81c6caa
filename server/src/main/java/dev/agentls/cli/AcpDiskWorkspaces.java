package dev.agentls.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.acp.AcpWorkspaces;
import dev.agentls.config.AgentLsSettings;
import dev.agentls.config.McpSettings;
import dev.agentls.conversation.FileConversations;
import dev.agentls.host.Host;
import dev.agentls.session.AlwaysAllowed;
import dev.agentls.session.ApprovalPolicy;
import dev.agentls.session.McpWiring;
import dev.agentls.session.Runs;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * What fills {@code agentls acp}'s seam: a headless workspace ({@link ProcessWiring#headless}) per session, the client's MCP servers joining the
 * settings' ones (a client's entry replaces a settings entry of the same name), and the folder's conversations as
 * {@code .agentls/conversations/} holds them.
 */
final class AcpDiskWorkspaces implements AcpWorkspaces {

    private final AgentLsSettings settings;
    private final McpWiring mcp;
    private final PrintStream err;

    AcpDiskWorkspaces(AgentLsSettings settings, McpWiring mcp, PrintStream err) {
        this.settings = settings;
        this.mcp = mcp;
        this.err = err;
    }

    @Override
    public Opened open(Path root, Optional<ObjectNode> clientMcpServers, BiFunction<DocumentStore, Host, Host> host) {
        AgentLsSettings opened = withServers(clientMcpServers);
        ProcessWiring.Headless workspace = ProcessWiring.headless(root, opened, mcp);
        DocumentStore documents = workspace.workspace().documents();
        // The client's host, kept for every run of the session.
        Host client = host.apply(documents, new TerminalHost(documents, new AtomicWriter(),
                TerminalHost.Prompter.none(), err));
        ApprovalPolicy policy = new ApprovalPolicy(ApprovalPolicy.Mode.ASK, new AlwaysAllowed(root));
        Runs runs = workspace.runs(() -> opened, policy, root);
        return new Opened(new AcpRuns(runs, client, workspace.agents().conversations(), err),
                workspace.workspace().checkpoints(), workspace::close);
    }

    private AgentLsSettings withServers(Optional<ObjectNode> client) {
        if (client.isEmpty() || client.get().isEmpty()) {
            return settings;
        }
        ObjectNode servers = settings.mcp().servers().filter(ObjectNode.class::isInstance)
                .map(s -> ((ObjectNode) s).deepCopy()).orElseGet(() -> client.get().objectNode());
        servers.setAll(client.get());
        return new AgentLsSettings(settings.llm(), settings.agent(),
                new McpSettings(settings.mcp().timeout(), Optional.of(servers)), settings.editor());
    }

    @Override
    public List<Listed> conversations(Path root) {
        FileConversations conversations = new FileConversations(root, Clock.systemUTC());
        return conversations.list().stream().map(s -> new Listed(s.id(), s.title(),
                modified(conversations.file(s.id())))).toList();
    }

    @Override
    public boolean delete(Path root, String id) {
        FileConversations conversations = new FileConversations(root, Clock.systemUTC());
        if (!conversations.ids().contains(id)) {
            return false;
        }
        conversations.delete(id);
        return true;
    }

    private static Optional<Instant> modified(Path file) {
        try {
            return Optional.of(Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
