package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.agent.AgentEvent;
import dev.agentls.agent.RunHandle;
import dev.agentls.agent.RunMode;
import dev.agentls.agent.RunOutcome;
import dev.agentls.agent.RunRequest;
import dev.agentls.tools.ToolKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One ACP session: a conversation of the agent over one folder, its mode, the prompt being answered, and the journal
 * its panel is replayed from. A prompt's updates are sent in the run's order, every one before its answer.
 */
final class AcpSession {

    /** The kinds of tool that read the file they name before they run: through the client when it reads files. */
    private static final Set<ToolKind> READ_THEIR_FILE = Set.of(ToolKind.READ, ToolKind.EDIT);

    private final String id;
    private final Path root;
    private final AcpWorkspaces.Opened workspace;
    private final AcpConnection client;
    private final SessionJournal journal;
    private final AcpUpdates updates;
    private final AcpHost host;
    private final AtomicReference<RunHandle> running = new AtomicReference<>();
    /** The run the client cancelled: its prompt answers {@code cancelled} however the run ended (the protocol says so). */
    private final AtomicReference<RunHandle> cancelled = new AtomicReference<>();
    /** The run that asked a question the client cannot be asked now: its prompt answers {@code end_turn}. */
    private final AtomicReference<RunHandle> asked = new AtomicReference<>();
    private final UndoRuns undo;
    private volatile RunMode mode = RunMode.DIRECT;

    AcpSession(String id, Path root, AcpWorkspaces.Opened workspace, AcpConnection client, SessionJournal journal,
               AcpUpdates updates, AcpHost host, UndoRuns undo) {
        this.id = id;
        this.root = root;
        this.workspace = workspace;
        this.client = client;
        this.journal = journal;
        this.updates = updates;
        this.host = host;
        this.undo = undo;
        host.onUnaskable(this::endTurnWith);
    }

    String id() {
        return id;
    }

    Path root() {
        return root;
    }

    RunMode mode() {
        return mode;
    }

    /** Answers a prompt: its stop reason once the run ended and every update of it was sent. */
    CompletableFuture<JsonNode> prompt(JsonNode blocks) {
        String text = PromptText.of(blocks);
        show(AcpUpdates.chunk("user_message_chunk", text));
        RunMode runMode = mode;
        String task = text;
        for (RunMode slash : List.of(RunMode.PLAN, RunMode.ASK)) {
            String command = "/" + slash.id();
            if (text.equals(command) || text.startsWith(command + " ")) {
                runMode = slash;
                task = text.substring(command.length()).strip();
            }
        }
        if (text.strip().equals("/compact")) {
            int pruned = workspace.agent().compact(id).size();
            show(AcpUpdates.chunk("agent_message_chunk", pruned == 0 ? "Nothing to compact."
                    : "Compacted the conversation: " + pruned + " older parts summarised."));
            journal.force();
            return CompletableFuture.completedFuture(stop("end_turn"));
        }
        if (text.strip().equals("/undo")) {
            return undo.undo().thenApply(said -> {
                show(AcpUpdates.chunk("agent_message_chunk", said));
                journal.force();
                return stop("end_turn");
            });
        }
        if (task.isBlank()) {
            throw new AcpException(AcpException.INVALID_PARAMS, "the prompt has no text to act on");
        }
        CompletableFuture<Void> finished = new CompletableFuture<>();
        RunHandle handle;
        synchronized (running) {
            if (running.get() != null) {
                throw new AcpException(AcpException.INVALID_REQUEST, "session " + id + " is still answering a prompt;"
                        + " send session/cancel first");
            }
            RunRequest request = new RunRequest(task, runMode, Optional.of(id), Optional.empty(), List.of(),
                    List.of());
            undo.runStarting();
            handle = workspace.agent().run(request, event -> {
                if (event instanceof AgentEvent.ApprovalRequested) {
                    host.approvalAsked();
                }
                updates.of(event).forEach(this::show);
                if (event instanceof AgentEvent.ToolCall call && READ_THEIR_FILE.contains(call.arguments().kind())) {
                    updates.path(call.arguments()).ifPresent(host::mirror);
                }
                if (event instanceof AgentEvent.RunFinished) {
                    finished.complete(null);
                }
            });
            running.set(handle);
        }
        return handle.outcome().thenCombine(finished, (outcome, done) -> outcome).handle((outcome, failure) -> {
            running.compareAndSet(handle, null);
            undo.runEnded();
            journal.force();
            if (failure != null) {
                throw new AcpException(AcpException.INTERNAL_ERROR, "the run failed: " + failure.getMessage());
            }
            if (asked.compareAndSet(handle, null)) {
                cancelled.compareAndSet(handle, null);
                return stop("end_turn");
            }
            return stop(cancelled.compareAndSet(handle, null) ? "cancelled" : stopReason(outcome));
        });
    }

    /** Stops the prompt being answered (it answers {@code cancelled}) and takes back its open permission requests. */
    void cancel() {
        host.withdrawAll();
        RunHandle handle;
        // A cancel that arrives while the prompt's run is being started waits for its handle, so it is never lost.
        synchronized (running) {
            handle = running.get();
            if (handle != null) {
                cancelled.set(handle);
            }
        }
        if (handle != null) {
            handle.cancel();
        }
        host.withdrawAll();
    }

    /**
     * Ends the turn on a question the client cannot be asked now: shown as the agent's message, the run stopped, the
     * prompt answered {@code end_turn}; the user's next prompt is the answer.
     */
    private void endTurnWith(String question) {
        show(AcpUpdates.chunk("agent_message_chunk", "\n\n" + question));
        RunHandle handle = running.get();
        if (handle != null && cancelled.get() != handle) {
            asked.set(handle);
            handle.cancel();
        }
    }

    /** Changes the mode of the next prompts; says so to the client. */
    void mode(RunMode next) {
        mode = next;
        ObjectNode modeUpdate = AcpUpdates.update("current_mode_update").put("currentModeId", next.id());
        show(modeUpdate);
        ObjectNode options = AcpUpdates.update("config_option_update");
        options.set("configOptions", configOptions());
        show(options);
    }

    /** Sends every update of the journal, in order: the conversation as the panel showed it. */
    void replay() {
        for (ObjectNode update : journal.updates()) {
            if (update.path("sessionUpdate").asText().equals("current_mode_update")) {
                RunMode.byId(update.path("currentModeId").asText()).ifPresent(m -> mode = m);
            }
            send(update);
        }
    }

    ObjectNode modes() {
        ObjectNode modes = AcpConnection.NODES.objectNode().put("currentModeId", mode.id());
        ArrayNode available = modes.putArray("availableModes");
        for (RunMode each : RunMode.values()) {
            available.addObject().put("id", each.id()).put("name", name(each)).put("description", describe(each));
        }
        return modes;
    }

    ArrayNode configOptions() {
        ArrayNode options = AcpConnection.NODES.arrayNode();
        ObjectNode option = options.addObject().put("id", "mode").put("name", "Mode").put("category", "mode")
                .put("type", "select").put("currentValue", mode.id());
        ArrayNode values = option.putArray("options");
        for (RunMode each : RunMode.values()) {
            values.addObject().put("value", each.id()).put("name", name(each)).put("description", describe(each));
        }
        return options;
    }

    /** The slash commands, advertised once the session is answered. */
    void advertiseCommands() {
        ObjectNode update = AcpUpdates.update("available_commands_update");
        ArrayNode commands = update.putArray("availableCommands");
        commands.addObject().put("name", "plan").put("description", "Plan first: files stay read-only until you"
                + " approve the plan").putObject("input").put("hint", "the task to plan");
        commands.addObject().put("name", "ask").put("description", "Ask a question: no file is changed")
                .putObject("input").put("hint", "your question");
        commands.addObject().put("name", "compact").put("description", "Summarise older turns to free context");
        commands.addObject().put("name", "undo").put("description", "Undo the files the last run changed (each"
                + " /undo goes one run further back)");
        send(update);
    }

    private void show(ObjectNode update) {
        journal.append(update);
        send(update);
    }

    private void send(ObjectNode update) {
        ObjectNode params = AcpConnection.NODES.objectNode().put("sessionId", id);
        params.set("update", update);
        client.notify("session/update", params);
    }

    void close() {
        cancel();
        workspace.close().run();
    }

    private static ObjectNode stop(String reason) {
        return AcpConnection.NODES.objectNode().put("stopReason", reason);
    }

    /** A budget stop is {@code max_tokens}; a failed run ends its turn, its error shown as the agent's message. */
    static String stopReason(RunOutcome outcome) {
        return switch (outcome.status()) {
            case COMPLETED, FAILED -> "end_turn";
            case CANCELLED -> "cancelled";
            case MAX_ITERATIONS -> "max_turn_requests";
            case BUDGET -> "max_tokens";
        };
    }

    private static String name(RunMode mode) {
        return switch (mode) {
            case DIRECT -> "Direct";
            case PLAN -> "Plan";
            case ASK -> "Ask";
        };
    }

    private static String describe(RunMode mode) {
        return switch (mode) {
            case DIRECT -> "The agent reads, edits and runs commands as it sees fit";
            case PLAN -> "Files stay read-only until you approve the agent's plan";
            case ASK -> "Questions and explanations; no file is changed";
        };
    }
}
