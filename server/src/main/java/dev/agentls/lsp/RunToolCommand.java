package dev.agentls.lsp;

import dev.agentls.session.Tools;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.concurrent.CompletableFuture;

/**
 * {@code agentls.runTool} {name, arguments, conversationId?}: runs one agent tool with no model, for editors,
 * automation and benchmarks. The answer is the tool's result as JSON ({@code ok}, {@code text}, {@code data}, or
 * {@code error}); a tool's refusal is such an answer, not a JSON-RPC error. Returns at once; the tool runs on its own.
 */
final class RunToolCommand implements CommandHandler {

    static final String ID = "agentls.runTool";

    private final Tools tools;

    RunToolCommand(Tools tools) {
        this.tools = tools;
    }

    @Override
    public CompletableFuture<Object> execute(CommandArguments arguments) {
        String name = arguments.requireString("name");
        JsonObject toolArguments = arguments.optionalObject("arguments").orElseGet(JsonObject::new);
        String conversationId = arguments.optionalString("conversationId").orElse("direct");
        CompletableFuture<String> running = tools.run(name, toolArguments.toString(), conversationId);
        CompletableFuture<Object> answer = running
                .thenApply(json -> (Object) JsonParser.parseString(json))
                .exceptionally(e -> {
                    JsonObject failure = new JsonObject();
                    failure.addProperty("ok", false);
                    failure.addProperty("error", name + ": failed unexpectedly: " + e.getMessage());
                    return (JsonElement) failure;
                });
        // The editor's $/cancelRequest cancels this answer; pass it on so the tool stops (a command is killed).
        answer.whenComplete((value, error) -> {
            if (answer.isCancelled()) {
                running.cancel(true);
            }
        });
        return answer;
    }
}
