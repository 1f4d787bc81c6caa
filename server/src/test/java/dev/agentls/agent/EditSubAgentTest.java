package dev.agentls.agent;

import static dev.agentls.agent.ModelScript.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.config.Provider;
import dev.agentls.config.ToolMode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
@Tag("slow")
class EditSubAgentTest {

    private static final String GREETER = DirectRunTest.GREETER;
    /** An edit the deterministic merge cannot place: no anchor line of the file around the new field. */
    private static final String UNANCHORED = "// ... existing code ...\n    private final int count = 0;\n"
            + "// ... existing code ...\n";
    private static final String INSERT_FIELD =
            "[{\"start_line\": 9, \"end_line\": 8, \"replacement\": \"    private final int count = 0;\\n\"}]";

    @TempDir
    Path temp;

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aMergeableEditIsPlacedByTheDeterministicMergeWithoutASubAgent(Provider provider, ToolMode mode)
            throws Exception {
        String edit = "// ... existing code ...\n    public String greet(String name) {\n"
                + "        return greeting + \", \" + name.strip() + \"!\";\n    }\n// ... existing code ...\n";
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("edit_file", "target_file", GREETER, "instructions", "Strip the name.",
                        "code_edit", edit))
                .text("Done.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Strip names"));

            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertTrue(result.ok(), result.text());
            assertTrue(result.text().endsWith("Placed by the deterministic merge."), result.text());
            assertEquals(2, h.requestBodies().size(), "no sub-agent call");
            assertTrue(h.file(GREETER).contains("name.strip()"));
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }

    @ParameterizedTest
    @MethodSource("dev.agentls.agent.Protocols#all")
    void aRefusedMergeIsPlacedByTheSubAgentFromTheNumberedFile(Provider provider, ToolMode mode) throws Exception {
        ModelScript script = new ModelScript(provider, mode)
                .calls("", call("edit_file", "target_file", GREETER, "instructions", "Add a count field.",
                        "code_edit", UNANCHORED))
                .text(INSERT_FIELD)
                .calls("", call("attempt_completion", "result", "Added the field."));
        try (AgentHarness h = new AgentHarness(temp, script)) {
            String before = h.file(GREETER);
            RunOutcome outcome = h.run(RunRequest.of("Add a count field"));

            assertEquals(RunStatus.COMPLETED, outcome.status());
            List<String> lines = List.of(h.file(GREETER).split("\n", -1));
            assertEquals("    private final String greeting;", lines.get(7));
            assertEquals("    private final int count = 0;", lines.get(8));
            assertEquals(before.lines().count() + 1, h.file(GREETER).lines().count());
            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertTrue(result.ok(), result.text());
            assertTrue(result.text().startsWith("Edited " + GREETER + ":\n- inserted before line 9\nPlaced by the"
                    + " edit sub-agent, because the deterministic merge refused: "), result.text());
            AgentEvent.EditApplied applied = h.all(AgentEvent.EditApplied.class).get(0);
            assertEquals(1, applied.added());
            assertEquals(0, applied.removed());
            assertFalse(applied.checkpointId().isEmpty());
            String subAgentRequest = h.requestBodies().get(1);
            assertTrue(subAgentRequest.contains(" 8| ") && subAgentRequest.contains("private final String greeting;"),
                    "the sub-agent saw the numbered file");
            assertTrue(subAgentRequest.contains("Add a count field."));
            assertFalse(subAgentRequest.contains("attempt_completion"), "the sub-agent is offered no tools");
            assertTrue(h.all(AgentEvent.Text.class).stream().noneMatch(t -> t.text().contains("start_line")),
                    "the sub-agent's answer is not streamed as the run's text");
        }
    }

    @Test
    void anInvalidSubAgentPlanIsRetriedOnceWithItsValidationError() throws Exception {
        ModelScript script = new ModelScript(Provider.OPENAI, ToolMode.NATIVE)
                .calls("", call("edit_file", "target_file", GREETER, "instructions", "Add a count field.",
                        "code_edit", UNANCHORED))
                .text("[{\"start_line\": 40, \"end_line\": 41, \"replacement\": \"x\"}]")
                .text(INSERT_FIELD)
                .text("Added.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            RunOutcome outcome = h.run(RunRequest.of("Add a count field"));

            assertEquals(RunStatus.COMPLETED, outcome.status());
            assertTrue(h.requestBodies().get(2).contains("Your previous answer was refused: edit 1: start_line 40 is"
                    + " outside the file's lines 1-21 (22 appends)"), h.requestBodies().get(2));
            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertTrue(result.ok(), result.text());
            assertTrue(result.text().endsWith("Its first plan was invalid (edit 1: start_line 40 is outside the"
                    + " file's lines 1-21 (22 appends)); the retry was valid."), result.text());
            assertTrue(h.file(GREETER).contains("private final int count = 0;"));
        }
    }

    @Test
    void aPlanInvalidTwiceFailsTheCallAndChangesNothing() throws Exception {
        ModelScript script = new ModelScript(Provider.ANTHROPIC, ToolMode.XML)
                .calls("", call("edit_file", "target_file", GREETER, "instructions", "Add a count field.",
                        "code_edit", UNANCHORED))
                .text("Sure! Here is where it goes.")
                .text("[{\"start_line\": 3, \"end_line\": 6, \"replacement\": \"a\"},"
                        + " {\"start_line\": 5, \"end_line\": 7, \"replacement\": \"b\"}]")
                .text("I could not place it.");
        try (AgentHarness h = new AgentHarness(temp, script)) {
            String before = h.file(GREETER);
            RunOutcome outcome = h.run(RunRequest.of("Add a count field"));

            AgentEvent.ToolResult result = h.all(AgentEvent.ToolResult.class).get(0);
            assertFalse(result.ok());
            assertTrue(result.text().contains("The edit sub-agent could not place it either: the edit sub-agent's"
                    + " plan was invalid twice: first the answer is not a JSON list"), result.text());
            assertTrue(result.text().contains("then edits for lines 3-6 and 5-7 overlap"), result.text());
            assertTrue(result.text().endsWith("Nothing was changed."), result.text());
            assertEquals(before, h.file(GREETER));
            assertTrue(h.all(AgentEvent.EditApplied.class).isEmpty());
            assertEquals(RunStatus.COMPLETED, outcome.status());
        }
    }
}
