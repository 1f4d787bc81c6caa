package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.host.Host;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** create_plan's steps as {title, description} objects, as plain sentences, and in XML mode as text. */
class PlanStepsArgumentTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Host NOBODY = new Host() {
        @Override
        public CompletableFuture<ChangeOutcome> applyChange(FileChange change) {
            throw new AssertionError("create_plan changes no file");
        }

        @Override
        public CompletableFuture<Boolean> confirm(String title, String detail) {
            throw new AssertionError("create_plan confirms nothing");
        }

        @Override
        public CompletableFuture<Optional<String>> ask(String question, List<String> options) {
            throw new AssertionError("create_plan asks nothing");
        }

        @Override
        public void progress(String message) {}
    };

    private final ToolSet tools = new ToolSet(List.of(new CreatePlanTool()));

    private ToolResult plan(String arguments) throws Exception {
        return tools.execute("create_plan", JSON.readTree(arguments),
                new ToolContext(NOBODY, Cancellation.none(), "c")).get(10, TimeUnit.SECONDS);
    }

    @Test
    void stepsWithTitlesAndDescriptionsAreKeptAsData() throws Exception {
        ToolResult result = plan("{\"goal\": \"g\", \"steps\": [{\"title\": \"Add a setting\", \"description\":"
                + " \"in Config\"}, {\"title\": \"Test\"}]}");
        assertEquals("Plan: g\n1. Add a setting: in Config\n2. Test", result.text());
        JsonNode steps = ((ToolResult.Success) result).data().get("steps");
        assertEquals("[{\"title\":\"Add a setting\",\"description\":\"in Config\"},{\"title\":\"Test\","
                + "\"description\":\"\"}]", steps.toString());
    }

    @Test
    void xmlModeTextIsReadAsJsonOrOneTitlePerLine() throws Exception {
        assertEquals("Plan: g\n1. A: a\n2. B", plan("{\"goal\": \"g\", \"steps\":"
                + " \"[{\\\"title\\\": \\\"A\\\", \\\"description\\\": \\\"a\\\"}, \\\"B\\\"]\"}").text());
        assertEquals("Plan: g\n1. first\n2. second", plan("{\"goal\": \"g\", \"steps\": \"- first\\n- second\"}")
                .text());
    }

    @Test
    void badStepsAreRefusedNamingTheItem() throws Exception {
        assertEquals("create_plan: 'steps' item 2 has an unknown field 'owner'; an item takes title and"
                + " description", plan("{\"goal\": \"g\", \"steps\": [{\"title\": \"A\"}, {\"title\": \"B\","
                + " \"owner\": \"me\"}]}").text());
        assertEquals("create_plan: 'steps' item 1 needs a title string",
                plan("{\"goal\": \"g\", \"steps\": [{\"description\": \"d\"}]}").text());
        assertEquals("create_plan: 'steps' item 1's description must be a string, got 3",
                plan("{\"goal\": \"g\", \"steps\": [{\"title\": \"A\", \"description\": 3}]}").text());
        assertEquals("create_plan: 'steps' item 1 must be an object with a title (and a description), got 7",
                plan("{\"goal\": \"g\", \"steps\": [7]}").text());
        assertEquals("create_plan: 'steps' must be an array of {\"title\", \"description\"} objects, got an object",
                plan("{\"goal\": \"g\", \"steps\": {\"title\": \"A\"}}").text());
        assertEquals("create_plan: step 1 is empty; every step needs a sentence",
                plan("{\"goal\": \"g\", \"steps\": [{\"title\": \"  \"}]}").text());
        assertEquals("create_plan: 'steps' is 31 items long; the limit is 30", plan("{\"goal\": \"g\", \"steps\": "
                + JSON.valueToTree(java.util.Collections.nCopies(31, "s")) + "}").text());
    }

    @Test
    void theSchemaDescribesStepObjects() {
        JsonNode steps = new CreatePlanTool().schema().at("/properties/steps");
        // Bounds stay out of the schema (strict validators refuse them); the validator enforces them.
        assertEquals("{\"type\":\"object\",\"properties\":{\"title\":{\"type\":\"string\"},"
                + "\"description\":{\"type\":\"string\"}},\"required\":[\"title\"]}",
                steps.get("items").toString());
        assertEquals(null, steps.get("maxItems"));
    }
}
