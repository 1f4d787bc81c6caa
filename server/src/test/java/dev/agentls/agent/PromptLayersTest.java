package dev.agentls.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.ToolMode;
import dev.agentls.tools.AttemptCompletionTool;
import dev.agentls.tools.CreatePlanTool;
import dev.agentls.tools.ToolSet;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromptLayersTest {

    private final ToolSet tools = new ToolSet(List.of(new CreatePlanTool(), new AttemptCompletionTool()));
    private final List<Path> roots = List.of(Path.of("/work/app"), Path.of("/work/lib"));

    @Test
    void theLayersComeInTheirFixedOrder() {
        String prompt = PromptLayers.system(ToolMode.XML, tools, roots, LocalDate.of(2026, 11, 24), "Linux");
        List<String> order = List.of("You are AgentLS", "# Using tools", "# replace_in_file: SEARCH/REPLACE blocks",
                "# edit_file: showing only what changes", "# Tools", "# System information", "# Objective and workflow");
        int last = -1;
        for (String layer : order) {
            int at = prompt.indexOf(layer);
            assertTrue(at > last, layer + " after the layer before it:\n" + prompt);
            last = at;
        }
        assertTrue(prompt.contains("- Workspace roots (paths are relative to the first):\n  - /work/app\n"
                + "  - /work/lib\n- Date: 2026-11-24"), prompt);
        assertTrue(prompt.contains("## create_plan\n"), prompt);
        assertTrue(prompt.contains("- steps (required, an array of {\"title\", \"description\"} objects written as a"
                + " JSON array): "), prompt);
    }

    @Test
    void nativeModeLeavesToolDescriptionsToTheSchemasAndAllowsParallelReads() {
        String prompt = PromptLayers.system(ToolMode.NATIVE, tools, roots, LocalDate.of(2026, 11, 24), "Linux");
        assertFalse(prompt.contains("# Tools\n"), prompt);
        assertTrue(prompt.contains("in one answer; they run together"), prompt);
    }

    @Test
    void theSameInputsGiveTheSameBytes() {
        assertEquals(PromptLayers.system(ToolMode.NATIVE, tools, roots, LocalDate.of(2026, 11, 24), "Linux"),
                PromptLayers.system(ToolMode.NATIVE, tools, roots, LocalDate.of(2026, 11, 24), "Linux"));
    }

    @Test
    void everyPromptSaysNeverToCommitUnlessAsked() {
        String prompt = PromptLayers.system(ToolMode.NATIVE, tools, roots, LocalDate.of(2026, 11, 24), "Linux",
                "claude-sonnet-4-5");
        assertTrue(prompt.contains("# Git\n- Never commit, push, create or switch branches, or rewrite history unless"
                + " the user asks you to"), prompt);
        assertTrue(prompt.contains("git reset --hard"), prompt);
        assertFalse(prompt.contains("Keep going until the task is completely resolved"), prompt);
    }

    @Test
    void modelsKnownToStopEarlyAreToldToKeepGoingUntilTheTaskIsResolved() {
        // OpenAI's GPT-4.1 prompting guide, "Persistence": https://cookbook.openai.com/examples/gpt4-1_prompting_guide
        for (String model : List.of("gpt-4.1", "gpt-4.1-mini-2025-04-14", "openai/gpt-4o")) {
            String prompt = PromptLayers.system(ToolMode.NATIVE, tools, roots, LocalDate.of(2026, 11, 24), "Linux",
                    model);
            assertTrue(prompt.endsWith(PromptLayers.PERSISTENCE), model + ":\n" + prompt);
            assertTrue(prompt.contains("Keep going until the task is completely resolved before ending your turn"));
        }
    }
}
