package dev.agentls.acp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentls.host.CommandTerminal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A session's commands in the client's terminal ({@code terminal/create}, {@code wait_for_exit}, {@code output},
 * {@code release}; {@code kill} on a timeout or a cancel): the tool call in progress shows the terminal, so the user
 * watches the command run. Used only when the client declared {@code terminal}.
 */
final class AcpTerminal implements CommandTerminal {

    /** The output the client keeps for the model (its start is dropped past this), as the agent's own runner keeps. */
    static final long OUTPUT_BYTE_LIMIT = 1 << 20;

    private final AcpConnection client;
    private final Supplier<String> sessionId;
    private final AcpUpdates updates;

    AcpTerminal(AcpConnection client, Supplier<String> sessionId, AcpUpdates updates) {
        this.client = client;
        this.sessionId = sessionId;
        this.updates = updates;
    }

    @Override
    public CompletableFuture<Result> run(String command, Path directory, Duration timeout) {
        long started = System.nanoTime();
        ObjectNode create = params().put("command", "bash").put("cwd", directory.toString())
                .put("outputByteLimit", OUTPUT_BYTE_LIMIT);
        create.putArray("args").add("-c").add(command);
        CompletableFuture<Result> result = new CompletableFuture<>();
        client.request("terminal/create", create).whenComplete((created, failure) -> {
            if (failure != null) {
                result.completeExceptionally(failure);
                return;
            }
            String id = created.path("terminalId").asText();
            show(id);
            // A cancel of the run (the caller cancels the result) kills the command and gives the terminal back.
            result.whenComplete((done, cancelled) -> {
                if (cancelled != null) {
                    stop(id);
                }
            });
            client.request("terminal/wait_for_exit", terminal(id)).orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .handle((exit, waited) -> {
                        boolean timedOut = waited != null && (waited instanceof TimeoutException
                                || waited.getCause() instanceof TimeoutException);
                        CompletableFuture<JsonNode> killed = timedOut ? client.request("terminal/kill", terminal(id))
                                : CompletableFuture.completedFuture(null);
                        return killed.exceptionally(e -> null).thenCompose(k -> client.request("terminal/output",
                                terminal(id))).thenApply(output -> ended(output, timedOut, started));
                    })
                    .thenCompose(f -> f)
                    .whenComplete((ended, problem) -> {
                        client.request("terminal/release", terminal(id));
                        if (problem != null) {
                            result.completeExceptionally(problem);
                        } else {
                            result.complete(ended);
                        }
                    });
        });
        return result;
    }

    private static Result ended(JsonNode output, boolean timedOut, long started) {
        JsonNode exit = output.path("exitStatus");
        int code = exit.path("exitCode").isIntegralNumber() ? exit.get("exitCode").asInt() : -1;
        return new Result(timedOut ? Ending.TIMED_OUT : Ending.EXITED, code, output.path("output").asText(""),
                output.path("truncated").asBoolean(false), Duration.ofNanos(System.nanoTime() - started));
    }

    /** The tool call in progress shows the terminal, live. */
    private void show(String terminalId) {
        String call = updates.currentCall();
        if (call.isEmpty()) {
            return;
        }
        ObjectNode update = AcpUpdates.update("tool_call_update").put("toolCallId", call);
        update.putArray("content").addObject().put("type", "terminal").put("terminalId", terminalId);
        ObjectNode params = params();
        params.set("update", update);
        client.notify("session/update", params);
    }

    private void stop(String id) {
        client.request("terminal/kill", terminal(id)).whenComplete((killed, failure) ->
                client.request("terminal/release", terminal(id)));
    }

    private ObjectNode terminal(String id) {
        return params().put("terminalId", id);
    }

    private ObjectNode params() {
        return AcpConnection.NODES.objectNode().put("sessionId", sessionId.get());
    }
}
