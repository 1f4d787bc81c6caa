package dev.agentls.llm;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Warns before a request goes past the context a local server runs the model with: the server is asked once
 * ({@link LocalServerProbe}, on the first call), and each request's size is estimated at four characters a token
 * (the JSON of tool calls and schemas included) plus the answer's room. Ollama drops the start of a prompt that does
 * not fit without an error (https://docs.ollama.com/context-length), so the user hears of it before.
 */
final class ContextGuard {

    /** How long a call waits for the probe's answer; a local server answers in milliseconds. */
    private static final long WAIT_MS = 3_000;

    private final Supplier<Optional<LocalServerProbe.ServerContext>> probe;
    private CompletableFuture<Optional<LocalServerProbe.ServerContext>> known;

    ContextGuard(Supplier<Optional<LocalServerProbe.ServerContext>> probe) {
        this.probe = probe;
    }

    /** A guard that never warns (a hosted provider). */
    static ContextGuard none() {
        return new ContextGuard(Optional::empty);
    }

    /** The warning for {@code request}, answered in up to {@code maxOutputTokens}, when it does not fit. */
    Optional<String> check(ModelRequest request, int maxOutputTokens, String model) {
        Optional<LocalServerProbe.ServerContext> context = context();
        if (context.isEmpty()) {
            return Optional.empty();
        }
        long prompt = estimate(request);
        long limit = context.get().tokens();
        if (prompt + maxOutputTokens <= limit) {
            return Optional.empty();
        }
        return Optional.of("the prompt is about " + prompt + " tokens (estimated) with room for " + maxOutputTokens
                + " more in the answer, past the " + limit + "-token context " + context.get().server() + " runs "
                + model + " with (" + context.get().source() + "): the server may drop the start of the prompt."
                + " Give the model a larger context (docs/local-models.md), or set llm.contextWindow to " + limit
                + " so the history is pruned to fit.");
    }

    private synchronized Optional<LocalServerProbe.ServerContext> context() {
        if (known == null) {
            known = CompletableFuture.supplyAsync(probe);
        }
        try {
            return known.get(WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            return Optional.empty();
        }
    }

    static long estimate(ModelRequest request) {
        long chars = 0;
        for (ModelMessage m : request.messages()) {
            if (m instanceof ModelMessage.System s) {
                chars += s.text().length();
            } else if (m instanceof ModelMessage.User u) {
                chars += u.text().length();
            } else if (m instanceof ModelMessage.ToolResult r) {
                chars += r.content().length();
            } else if (m instanceof ModelMessage.Assistant a) {
                chars += a.text().length();
                for (ToolCall call : a.toolCalls()) {
                    chars += call.argumentsJson().length() + call.name().length();
                }
            }
            chars += 16; // the role and the message's framing
        }
        for (ToolSpec tool : request.tools()) {
            chars += tool.name().length() + tool.description().length() + tool.parametersSchemaJson().length();
        }
        return (chars + 3) / 4;
    }
}
