package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ToolSetTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Echoes its validated arguments, so tests see exactly what validation let through. */
    private static final class EchoTool implements Tool {
        @Override
        public String name() {
            return "echo_args";
        }

        @Override
        public String description() {
            return "Echoes.";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(
                    Parameter.required("target_file", Parameter.Type.STRING, "A path."),
                    Parameter.optional("start_line", Parameter.Type.POSITIVE_INTEGER, "First line."),
                    Parameter.optional("flag", Parameter.Type.BOOLEAN, "A flag."),
                    Parameter.optional("steps", Parameter.Type.STRING_ARRAY, "Steps.").maxLength(3));
        }

        @Override
        public CompletableFuture<ToolResult> run(Arguments arguments, ToolContext context) {
            if (arguments.string("target_file").equals("boom")) {
                throw new IllegalStateException("kaput");
            }
            return CompletableFuture.completedFuture(ToolResult.success(arguments.values().toString(), null));
        }
    }

    private final ToolSet tools = new ToolSet(List.of(new EchoTool()));
    private final ToolContext context = new ToolContext(new RecordingHost(), Cancellation.none(), "c");

    private String call(String name, String arguments) throws Exception {
        JsonNode node = arguments == null ? null : JSON.readTree(arguments);
        return tools.execute(name, node, context).get(10, TimeUnit.SECONDS).text();
    }

    @Test
    void unknownToolIsNamedWithTheToolsThatExist() throws Exception {
        assertEquals("unknown tool 'read_fiel'; the available tools are echo_args", call("read_fiel", "{}"));
    }

    @Test
    void missingExtraAndIllTypedArgumentsAreNamed() throws Exception {
        assertEquals("echo_args: missing required parameter 'target_file' (a string: A path.)", call("echo_args", "{}"));
        assertEquals("echo_args: unknown parameter 'path'; echo_args takes target_file, start_line (optional),"
                + " flag (optional), steps (optional)", call("echo_args", "{\"target_file\":\"a\",\"path\":\"b\"}"));
        assertEquals("echo_args: 'start_line' must be a positive integer, got -3",
                call("echo_args", "{\"target_file\":\"a\",\"start_line\":-3}"));
        assertEquals("echo_args: 'start_line' must be a positive integer, got 1.5",
                call("echo_args", "{\"target_file\":\"a\",\"start_line\":1.5}"));
        assertEquals("echo_args: 'start_line' must be a positive integer, got 99999999999",
                call("echo_args", "{\"target_file\":\"a\",\"start_line\":99999999999}"));
        assertEquals("echo_args: 'target_file' must be a string, got an object",
                call("echo_args", "{\"target_file\":{}}"));
        assertEquals("echo_args: 'target_file' must not be empty", call("echo_args", "{\"target_file\":\"  \"}"));
        assertEquals("echo_args: 'flag' must be true or false, got 1", call("echo_args", "{\"target_file\":\"a\",\"flag\":1}"));
        assertEquals("echo_args: 'steps' must be an array of strings; item 2 is 7",
                call("echo_args", "{\"target_file\":\"a\",\"steps\":[\"x\",7]}"));
        assertEquals("echo_args: 'steps' is 4 items long; the limit is 3",
                call("echo_args", "{\"target_file\":\"a\",\"steps\":[\"1\",\"2\",\"3\",\"4\"]}"));
        assertEquals("echo_args: arguments must be a JSON object of parameters, got an array", call("echo_args", "[1]"));
    }

    @Test
    void xmlModeTextValuesAreAcceptedForNumbersBooleansAndLists() throws Exception {
        String echoed = call("echo_args", "{\"target_file\":\"a\",\"start_line\":\" 12 \",\"flag\":\"TRUE\","
                + "\"steps\":\"- first\\n- second\\n\"}");
        assertTrue(echoed.contains("start_line=12"), echoed);
        assertTrue(echoed.contains("flag=true"), echoed);
        assertTrue(echoed.contains("steps=[first, second]"), echoed);
        assertTrue(call("echo_args", "{\"target_file\":\"a\",\"steps\":\"[\\\"x\\\", \\\"y\\\"]\"}")
                .contains("steps=[x, y]"));
    }

    @Test
    void nullOptionalArgumentsCountAsAbsentAndNullArgumentsAsEmpty() throws Exception {
        assertTrue(call("echo_args", "{\"target_file\":\"a\",\"start_line\":null}").equals("{target_file=a}"));
        assertTrue(call("echo_args", null).startsWith("echo_args: missing required parameter 'target_file'"));
    }

    @Test
    void hugeArgumentsAreRefusedBeforeTheToolRuns() throws Exception {
        String huge = "{\"target_file\":\"" + "a".repeat(ToolSet.MAX_ARGUMENT_CHARS) + "\"}";
        String refused = call("echo_args", huge);
        assertEquals("echo_args: the arguments are " + huge.length() + " characters long; the limit is 4000000."
                + " Split the work into smaller calls.", refused);
        String longPath = "{\"target_file\":\"" + "a".repeat(5000) + "\"}";
        assertEquals("echo_args: 'target_file' is 5000 characters long; the limit is 4096", call("echo_args", longPath));
    }

    @Test
    void aToolThatThrowsBecomesAFailureNamingIt() throws Exception {
        assertEquals("echo_args: failed unexpectedly: IllegalStateException: kaput",
                call("echo_args", "{\"target_file\":\"boom\"}"));
    }

    @Test
    void aCancelledCallNeverStarts() throws Exception {
        Cancellation cancelled = new Cancellation();
        cancelled.cancel();
        String text = tools.execute("echo_args", JSON.readTree("{\"target_file\":\"a\"}"),
                new ToolContext(new RecordingHost(), cancelled, "c")).get(10, TimeUnit.SECONDS).text();
        assertEquals("echo_args: cancelled before it started", text);
    }

    @Test
    void schemaAndDefinitionsFollowTheParameters() {
        JsonNode definition = tools.definitions().get(0);
        assertEquals("echo_args", definition.get("name").asText());
        JsonNode schema = definition.get("parameters");
        assertEquals("object", schema.get("type").asText());
        assertEquals(null, schema.get("additionalProperties"));
        assertEquals("[\"target_file\"]", schema.get("required").toString());
        assertEquals("{\"type\":\"integer\",\"description\":\"First line.\"}",
                schema.at("/properties/start_line").toString());
        assertEquals("string", schema.at("/properties/steps/items/type").asText());
        assertFalse(definition.get("description").asText().contains("<echo_args>"));
    }

    @Test
    void twoToolsWithOneNameAreAProgrammingError() {
        assertThrows(IllegalArgumentException.class, () -> new ToolSet(List.of(new EchoTool(), new EchoTool())));
    }

    @Test
    void laterToolsAreGatheredOnceUnderTheCancellationOfTheRunThatGathersThem() {
        Cancellation run = new Cancellation();
        List<Cancellation> seen = new java.util.ArrayList<>();
        ToolSet later = new ToolSet(List.of(), cancellation -> {
            seen.add(cancellation);
            return new ToolSet.Later(List.of(new EchoTool()), List.of("one server did not start"));
        });

        later.gather(run);

        assertEquals(List.of(run), seen);
        assertEquals(List.of("echo_args"), later.names());
        assertEquals(List.of("one server did not start"), later.notes());
        later.gather(new Cancellation());
        assertEquals(1, seen.size(), "gathered once");
    }
}
