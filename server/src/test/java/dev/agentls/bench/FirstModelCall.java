package dev.agentls.bench;

import dev.agentls.config.LlmSettings;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.llm.ModelEvent;
import dev.agentls.llm.ModelMessage;
import dev.agentls.llm.ModelOutcome;
import dev.agentls.llm.ModelRequest;
import dev.agentls.llm.StreamingModelClient;
import dev.agentls.llm.ToolSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * What {@code scripts/bench-llm-first-call} runs in a fresh JVM per sample: builds the product's model client and
 * makes one streamed request, shaped like an agent's first step (a system prompt of a few kilobytes, a user turn,
 * the agent's thirteen tools), to the loopback server named by its arguments; prints, in milliseconds since this
 * main began, when the client was built, when the first answer event arrived and when the answer finished. The
 * script times the whole process (wall and CPU) and counts the classes it loaded.
 *
 * <p>Arguments: {@code openai|anthropic native|xml BASE_URL}. Exit status 1 when the answer did not complete.
 */
public final class FirstModelCall {

    private FirstModelCall() {}

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        if (args.length != 3) {
            System.err.println("usage: FirstModelCall openai|anthropic native|xml BASE_URL");
            System.exit(2);
        }
        Provider provider = Provider.valueOf(args[0].toUpperCase(Locale.ROOT));
        ToolMode mode = ToolMode.valueOf(args[1].toUpperCase(Locale.ROOT));
        LlmSettings d = LlmSettings.defaults(provider);
        LlmSettings settings = new LlmSettings(provider, URI.create(args[2]), "bench-model", "AGENTLS_BENCH_NO_KEY",
                mode, d.maxOutputTokens(), d.contextWindow(), d.safeZone(), d.timeouts(), d.retries(),
                d.continuationRounds(), d.prices(), d.maxTokensField(), d.maxAnswerChars(), d.thinking());
        StreamingModelClient client = StreamingModelClient.forProduct(settings, task -> {
            Thread thread = new Thread(task, "model-call");
            thread.setDaemon(true);
            thread.start();
        });
        long built = System.nanoTime();
        CompletableFuture<Long> firstEvent = new CompletableFuture<>();
        ModelRequest request = ModelRequest.of(List.of(new ModelMessage.System(systemPrompt()),
                new ModelMessage.User("Add a --verbose flag to the demo's command line and test it.")), tools());
        ModelOutcome outcome = client.stream(request, event -> {
            if (event instanceof ModelEvent.TextDelta || event instanceof ModelEvent.ToolCallStarted) {
                firstEvent.complete(System.nanoTime());
            }
        }).outcome().get(60, TimeUnit.SECONDS);
        long finished = System.nanoTime();
        if (!(outcome instanceof ModelOutcome.Completed)) {
            System.err.println("the answer did not complete: " + outcome);
            System.exit(1);
        }
        System.out.printf(Locale.ROOT, "built_ms=%.1f first_event_ms=%.1f finished_ms=%.1f%n", ms(built - start),
                ms(firstEvent.getNow(finished) - start), ms(finished - start));
        client.close(); // as the product does before it ends: what waits for the log is published
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    /** A system prompt of about the size of the agent's first layers (role, tool rules, edit formats). */
    private static String systemPrompt() {
        StringBuilder prompt = new StringBuilder("You are AgentLS, a coding agent working inside the user's editor.\n");
        for (int i = 1; i <= 60; i++) {
            prompt.append("Rule ").append(i).append(": read a file before editing it; prefer replace_in_file for small"
                    + " changes, with SEARCH text copied exactly, \"quoted\" where the file quotes it.\n");
        }
        return prompt.toString();
    }

    /** The agent's tools, with schemas of the same shape as the real ones. */
    private static List<ToolSpec> tools() {
        String[][] table = {
            {"read_file", "target_file", "start_line", "end_line", "explanation"},
            {"edit_file", "target_file", "instructions", "code_edit"},
            {"replace_in_file", "target_file", "diff"},
            {"write_to_file", "target_file", "content"},
            {"delete_file", "target_file", "explanation"},
            {"grep_search", "query", "case_sensitive", "include_pattern", "exclude_pattern", "explanation"},
            {"file_search", "query", "explanation"},
            {"list_dir", "relative_workspace_path", "explanation"},
            {"list_code_definition_names", "path"},
            {"execute_command", "command", "requires_approval"},
            {"ask_followup_question", "question", "options"},
            {"create_plan", "goal", "steps"},
            {"attempt_completion", "result"},
        };
        List<ToolSpec> tools = new ArrayList<>();
        for (String[] row : table) {
            StringBuilder schema = new StringBuilder("{\"type\":\"object\",\"properties\":{");
            for (int i = 1; i < row.length; i++) {
                schema.append(i > 1 ? "," : "").append('"').append(row[i])
                        .append("\":{\"type\":\"string\",\"description\":\"The ").append(row[i].replace('_', ' '))
                        .append(".\"}");
            }
            schema.append("},\"required\":[\"").append(row[1]).append("\"],\"additionalProperties\":false}");
            tools.add(new ToolSpec(row[0], "The " + row[0].replace('_', ' ') + " tool: see the rules.",
                    schema.toString()));
        }
        return tools;
    }
}
