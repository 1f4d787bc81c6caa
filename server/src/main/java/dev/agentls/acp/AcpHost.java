package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.host.ApprovalAnswer;
import dev.agentls.host.ApprovalQuestion;
import dev.agentls.host.ApprovalScope;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.CommandTerminal;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import dev.agentls.host.QuestionWithdrawn;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * A session's {@link Host} over ACP. With the client's {@code fs.writeTextFile}, every change is applied through
 * {@code fs/write_text_file} (the editor's buffer, never the disk behind it) and a client's error refuses the change;
 * without it, the disk host applies it. Every approval is a {@code session/request_permission}; "allow always" is
 * remembered for the same request for the rest of the session. Reads go through {@code fs/read_text_file} by
 * {@link #mirror}, which copies the client's text into the documents the tools read.
 */
final class AcpHost implements Host {

    static final String ALLOW_ONCE = "allow_once";
    static final String ALLOW_ALWAYS = "allow_always";
    static final String REJECT_ONCE = "reject_once";
    private static final long READ_TIMEOUT_SECONDS = 30;
    /** The one field of a follow-up question's form. */
    private static final String ANSWER = "answer";

    private final AcpConnection client;
    private final AtomicReference<String> sessionId = new AtomicReference<>("");
    private final ClientCapabilities capabilities;
    private final Host disk;
    private final DocumentStore documents;
    private final AcpUpdates updates;
    private final Set<String> allowedAlways = ConcurrentHashMap.newKeySet();
    private final Set<CompletableFuture<JsonNode>> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger versions = new AtomicInteger(1_000_000);
    private final Optional<CommandTerminal> terminal;
    private final AtomicBoolean approvalNext = new AtomicBoolean();
    private final AtomicReference<Consumer<String>> endTurn = new AtomicReference<>(question -> { });

    /** What the client said it can do, in {@code initialize}. */
    record ClientCapabilities(boolean readTextFile, boolean writeTextFile, boolean terminal, boolean elicitation) {}

    AcpHost(AcpConnection client, ClientCapabilities capabilities, Host disk, DocumentStore documents,
            AcpUpdates updates) {
        this.client = client;
        this.capabilities = capabilities;
        this.disk = disk;
        this.documents = documents;
        this.updates = updates;
        this.terminal = capabilities.terminal() ? Optional.of(new AcpTerminal(client, sessionId::get, updates))
                : Optional.empty();
    }

    /** The client's terminal when it declared one: commands run there, so the user watches them. */
    @Override
    public Optional<CommandTerminal> terminal() {
        return terminal;
    }

    /** The documents the tools read, which mirror the client's buffers. */
    DocumentStore documents() {
        return documents;
    }

    /** Names the session this host serves: known only once its workspace made the conversation. */
    void bind(String id) {
        sessionId.set(id);
    }

    @Override
    public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
        if (!capabilities.writeTextFile()) {
            return disk.applyChange(change).thenApply(outcome -> shown(change, outcome));
        }
        String text;
        String old;
        if (change instanceof FileChange.Modify modify) {
            text = modify.newText();
            old = modify.oldText();
        } else if (change instanceof FileChange.Create create) {
            text = create.text();
            old = null;
        } else {
            return CompletableFuture.completedFuture(new ChangeOutcome.Refused("the editor's file system (ACP) can"
                    + " only write text files; " + change.path() + " was not changed"));
        }
        ObjectNode params = params().put("path", change.path().toString()).put("content", text);
        return client.request("fs/write_text_file", params).handle((result, failure) -> {
            if (failure != null) {
                Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                return new ChangeOutcome.Refused("the editor refused to write " + change.path() + ": "
                        + cause.getMessage() + "; nothing was changed");
            }
            documents.didChange(change.path(), versions.incrementAndGet(), text);
            updates.changed(change.path(), old, text);
            return new ChangeOutcome.Applied();
        });
    }

    private ChangeOutcome shown(FileChange change, ChangeOutcome outcome) {
        if (outcome instanceof ChangeOutcome.Applied) {
            if (change instanceof FileChange.Modify modify) {
                updates.changed(change.path(), modify.oldText(), modify.newText());
            } else if (change instanceof FileChange.Create create) {
                updates.changed(change.path(), null, create.text());
            }
        }
        return outcome;
    }

    /**
     * Copies the client's text of {@code path} (its unsaved buffer, when open) into the documents the tools read, so
     * the model sees what the user sees. A file the client cannot read is left to the disk.
     */
    void mirror(Path path) {
        if (!capabilities.readTextFile()) {
            return;
        }
        try {
            JsonNode result = client.request("fs/read_text_file", params().put("path", path.toString()))
                    .get(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (result.path("content").isTextual()) {
                int version = versions.incrementAndGet();
                if (documents.isOpen(path)) {
                    documents.didChange(path, version, result.get("content").asText());
                } else {
                    documents.didOpen(path, version, result.get("content").asText());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // A new file, or a client that cannot read it: the tool reads the disk, as without fs.
        }
    }

    @Override
    public CompletableFuture<Boolean> confirm(String title, String detail) {
        CompletableFuture<ApprovalAnswer> asked = approve(ApprovalQuestion.once(title, detail));
        return QuestionWithdrawn.passedOn(asked.thenApply(ApprovalAnswer.Allowed.class::isInstance), asked);
    }

    /**
     * Asks through {@code session/request_permission} with allow once, allow always and reject. The client's "allow
     * always" holds for the rest of this session (the same title and detail are not asked again), which no scope of
     * the run's policy names, so the policy hears it as allowed once.
     */
    @Override
    public CompletableFuture<ApprovalAnswer> approve(ApprovalQuestion question) {
        String title = question.title();
        String detail = question.detail();
        String key = title + "\n" + detail;
        if (allowedAlways.contains(key)) {
            return CompletableFuture.completedFuture(new ApprovalAnswer.Allowed(ApprovalScope.ONCE));
        }
        ObjectNode params = params();
        String call = updates.currentCall();
        ObjectNode toolCall = params.putObject("toolCall").put("toolCallId", call.isEmpty() ? "approval" : call)
                .put("title", title);
        toolCall.putArray("content").addObject().put("type", "content").putObject("content").put("type", "text")
                .put("text", detail);
        ArrayNode options = params.putArray("options");
        options.addObject().put("optionId", ALLOW_ONCE).put("name", "Allow once").put("kind", ALLOW_ONCE);
        options.addObject().put("optionId", ALLOW_ALWAYS).put("name", "Allow always in this session")
                .put("kind", ALLOW_ALWAYS);
        options.addObject().put("optionId", REJECT_ONCE).put("name", "Reject").put("kind", REJECT_ONCE);
        CompletableFuture<JsonNode> asked = client.request("session/request_permission", params);
        open.add(asked);
        CompletableFuture<ApprovalAnswer> answer = asked.handle((result, failure) -> {
            open.remove(asked);
            if (failure != null) {
                return ApprovalAnswer.Denied.WITHOUT_REASON;
            }
            JsonNode outcome = result.path("outcome");
            String chosen = outcome.path("outcome").asText().equals("selected") ? outcome.path("optionId").asText() : "";
            if (chosen.equals(ALLOW_ALWAYS)) {
                allowedAlways.add(key);
            }
            return chosen.equals(ALLOW_ONCE) || chosen.equals(ALLOW_ALWAYS)
                    ? new ApprovalAnswer.Allowed(ApprovalScope.ONCE) : ApprovalAnswer.Denied.WITHOUT_REASON;
        });
        // The asker withdrawing its question (a cancelled run) takes the request back from the client.
        answer.whenComplete((value, failure) -> {
            if (failure != null) {
                withdraw(asked);
            }
        });
        return answer;
    }

    /** Takes back every permission request still open: the turn they belong to was cancelled. */
    void withdrawAll() {
        List.copyOf(open).forEach(asked -> {
            withdraw(asked);
            asked.complete(AcpConnection.NODES.objectNode().set("outcome",
                    AcpConnection.NODES.objectNode().put("outcome", "cancelled")));
        });
    }

    private void withdraw(CompletableFuture<JsonNode> asked) {
        open.remove(asked);
        client.withdraw(asked);
    }

    /** Who ends the turn when a question cannot be asked now: the session, which answers its prompt end_turn. */
    void onUnaskable(Consumer<String> endTurn) {
        this.endTurn.set(endTurn);
    }

    /**
     * Asks through {@code elicitation/create} (a one-field form) when the client declared form elicitation; else, or
     * when the client fails it, the question becomes the agent's message and the turn ends: the user answers with
     * their next prompt.
     */
    /** The run announced an approval (a plan): its coming question is a permission request, not a follow-up. */
    void approvalAsked() {
        approvalNext.set(true);
    }

    @Override
    public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
        if (approvalNext.getAndSet(false) && options.size() >= 2) {
            // An approval's options are its yes first and its no last; the client's allow or reject picks one.
            int cut = question.indexOf('\n');
            return confirm(cut < 0 ? question : question.substring(0, cut), cut < 0 ? "" : question.substring(cut + 1))
                    .thenApply(allowed -> Optional.of(allowed ? options.get(0) : options.get(options.size() - 1)));
        }
        String shown = question + (options.isEmpty() ? "" : " (" + String.join(" / ", options) + ")");
        if (!capabilities.elicitation()) {
            endTurn.get().accept(shown);
            return CompletableFuture.completedFuture(Optional.empty());
        }
        ObjectNode params = params().put("mode", "form").put("message", question);
        String call = updates.currentCall();
        if (!call.isEmpty()) {
            params.put("toolCallId", call);
        }
        ObjectNode schema = params.putObject("requestedSchema").put("type", "object");
        ObjectNode answer = schema.putObject("properties").putObject(ANSWER).put("type", "string")
                .put("title", "Your answer");
        if (!options.isEmpty()) {
            answer.put("description", "For example: " + String.join(" / ", options));
        }
        schema.putArray("required").add(ANSWER);
        CompletableFuture<JsonNode> asked = client.request("elicitation/create", params);
        open.add(asked);
        CompletableFuture<Optional<String>> result = asked.handle((reply, failure) -> {
            open.remove(asked);
            if (failure != null) {
                endTurn.get().accept(shown);
                return Optional.empty();
            }
            JsonNode given = reply.path("content").path(ANSWER);
            return reply.path("action").asText().equals("accept") && given.isValueNode() && !given.isNull()
                    ? Optional.of(given.asText()) : Optional.<String>empty();
        });
        result.whenComplete((value, failure) -> {
            if (failure != null) {
                withdraw(asked);
            }
        });
        return result;
    }

    @Override
    public void progress(String message) {
        // The panel shows the run's own events; progress lines have no place there.
    }

    private ObjectNode params() {
        return AcpConnection.NODES.objectNode().put("sessionId", sessionId.get());
    }
}
