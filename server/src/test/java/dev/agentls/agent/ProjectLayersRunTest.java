package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import dev.agentls.conversation.ProjectRulesLoader;
import dev.agentls.outline.RepoMap;
import dev.agentls.outline.TokenCounter;
import dev.agentls.syntax.SyntaxParser;
import dev.agentls.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs on a temp copy of test-workspaces/demo with project layers: the rules files and the repo map reach the
 * model after every fixed layer of the system prompt, named by path, the same bytes in every request of the run.
 */
class ProjectLayersRunTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void rulesAndRepoMapFollowTheFixedLayersInEveryRequest(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("read_file", "target_file", DirectRunTest.GREETER, "explanation", "see it"))
                .calls("", call("attempt_completion", "result", "Read it."));
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try (AgentHarness h = new AgentHarness(temp, script)) {
            Files.writeString(h.root.resolve("AGENTS.md"), "# Demo rules\nGreetings end with an exclamation mark.\n");
            Files.writeString(h.root.resolve(".cursorrules"), "Cursor: keep methods short.\n");
            WorkspaceRoots roots = new WorkspaceRoots(List.of(h.root));
            RepoMap map = new RepoMap(roots, new SyntaxParser(), executor, 1, TokenCounter.estimate());
            map.start().get(30, TimeUnit.SECONDS);
            ProjectLayers layers = new ProjectLayers(new ProjectRulesLoader(roots, TokenCounter.estimate(), 2000),
                    Optional.of(map), 1024);
            RunOutcome outcome = h.agent.withProjectContext(layers)
                    .run(RunRequest.of("Make the Greeter greet loudly"), h.events::add)
                    .outcome().get(60, TimeUnit.SECONDS);
            h.assertWellFormed();
            assertEquals(RunStatus.COMPLETED, outcome.status());

            List<String> bodies = h.requestBodies();
            assertEquals(2, bodies.size());
            String system = DirectRunTest.systemOf(provider, bodies.get(0));
            assertEquals(system, DirectRunTest.systemOf(provider, bodies.get(1)));
            int objective = system.indexOf("# Objective and workflow");
            int rules = system.indexOf("# Project rules");
            int agentsFile = system.indexOf("## AGENTS.md\\n# Demo rules\\nGreetings end with an exclamation mark.");
            int cursorFile = system.indexOf("## .cursorrules\\nCursor: keep methods short.");
            int repoMap = system.indexOf("# Repository map");
            int greeter = system.indexOf(DirectRunTest.GREETER + ":");
            assertTrue(objective > 0 && objective < rules && rules < agentsFile && agentsFile < cursorFile
                    && cursorFile < repoMap && repoMap < greeter, system);
        }
        executor.shutdownNow();
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void theFixedLayersAreTheSameBytesWithOrWithoutProjectLayers(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode).text("Plain.").text("Plain.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            h.agent.run(RunRequest.of("What is this?"), event -> { }).outcome().get(60, TimeUnit.SECONDS);
            h.agent.withProjectContext(request -> "# Project rules\nfrom " + request.prompt())
                    .run(RunRequest.of("And this?"), event -> { }).outcome().get(60, TimeUnit.SECONDS);
            List<String> bodies = h.requestBodies();
            String plain = PromptText.unquoted(DirectRunTest.systemOf(provider, bodies.get(0)));
            String layered = PromptText.unquoted(DirectRunTest.systemOf(provider, bodies.get(1)));
            assertFalse(plain.contains("# Project rules"), plain);
            assertTrue(layered.endsWith("\n\n# Project rules\nfrom And this?"), layered);
            assertEquals(plain, layered.substring(0, plain.length()));
        }
    }

    @Test
    void aNegativeMapBudgetIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ProjectLayers(
                new ProjectRulesLoader(new WorkspaceRoots(List.of(temp)), TokenCounter.estimate(), 10),
                Optional.empty(), -5));
        assertEquals("the repo map's token budget must not be negative: -5", e.getMessage());
    }

    /** The system prompt's text, from its JSON in either protocol (a string, or text blocks). */
    private static final class PromptText {
        static String unquoted(String json) throws Exception {
            JsonNode node = new ObjectMapper().readTree(json);
            return textOf(node);
        }

        private static String textOf(JsonNode node) {
            if (node.isTextual()) {
                return node.asText();
            }
            if (node.isArray()) {
                StringBuilder text = new StringBuilder();
                node.forEach(part -> text.append(textOf(part)));
                return text.toString();
            }
            if (node.has("text")) {
                return node.get("text").asText();
            }
            return node.has("content") ? textOf(node.get("content")) : "";
        }
    }
}
