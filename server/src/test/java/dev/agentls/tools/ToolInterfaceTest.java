package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One parameter scheme across the file tools ({@code path}, with the older names accepted), {@code explanation}
 * taken by every tool, and write_to_file's read-first rule, called the way a run calls them: with the conversation's
 * past calls in the context.
 */
class ToolInterfaceTest extends FileToolFixture {

    private static final Set<String> FILE_TOOLS = Set.of("read_file", "write_to_file", "replace_in_file", "edit_file",
            "delete_file", "list_dir", "list_code_definition_names");

    private final List<PastCalls.Call> past = new ArrayList<>();

    /** A call as a run makes it: successful calls are remembered as the conversation's history remembers them. */
    private ToolResult byModel(String tool, Object... namesAndValues) throws Exception {
        ObjectNode args = JSON.createObjectNode();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            args.set((String) namesAndValues[i], JSON.valueToTree(namesAndValues[i + 1]));
        }
        PastCalls calls = () -> List.copyOf(past);
        ToolResult result = tools.execute(tool, args, new ToolContext(host, Cancellation.none(), "conversation-1",
                EditSubAgent.NONE, calls)).get(30, TimeUnit.SECONDS);
        if (result.isSuccess()) {
            past.add(new PastCalls.Call(tool, args.toString()));
        }
        return result;
    }

    @Test
    void everyFileToolTakesPathAndNamesItsOldNamesInTheSchema() {
        for (Tool tool : tools.tools()) {
            if (!FILE_TOOLS.contains(tool.name())) {
                continue;
            }
            JsonNode schema = tool.schema();
            assertTrue(schema.path("required").toString().contains("\"path\""), tool.name() + " " + schema);
            assertTrue(schema.at("/properties/path/description").asText().contains("Also accepted as "),
                    tool.name() + " " + schema);
            assertTrue(tool.xmlExample().contains("<path>"), tool.name());
        }
        assertEquals("The file to read, relative to the workspace root (or absolute inside it). Also accepted as"
                + " target_file or file_path.", tools.find("read_file").orElseThrow().schema()
                .at("/properties/path/description").asText());
        assertEquals("[\"path\"]", tools.find("list_dir").orElseThrow().schema().path("required").toString());
    }

    @Test
    void readFileTakesItsFileUnderPathOrEitherOldName() throws Exception {
        for (String name : List.of("path", "target_file", "file_path")) {
            ToolResult result = call("read_file", name, "src/util.py");
            assertTrue(result.isSuccess(), name + ": " + result.text());
            assertTrue(result.text().contains("def mean"), name);
        }
        assertTrue(call("list_dir", "relative_workspace_path", "src").text().contains("util.py"));
        assertTrue(call("list_dir", "path", "src").text().contains("util.py"));
    }

    @Test
    void twoDifferentValuesUnderTwoNamesOfOneParameterAreRefused() throws Exception {
        ToolResult result = call("read_file", "path", "src/util.py", "target_file", "README.md");
        assertEquals("read_file: 'path' and 'target_file' name the same parameter with different values; give it"
                + " once, as 'path'", result.text());
        assertTrue(call("read_file", "path", "src/util.py", "target_file", "src/util.py").isSuccess());
    }

    @Test
    void anUnknownParameterIsStillRefusedNamingTheAliases() throws Exception {
        assertEquals("read_file: unknown parameter 'filename'; read_file takes path (or target_file, file_path),"
                + " start_line (optional), end_line (optional), explanation (optional)",
                call("read_file", "filename", "src/util.py").text());
    }

    @Test
    void everyToolTakesAnExplanationEvenWhenItsSchemaHasNone() throws Exception {
        ToolResult plan = new ToolSet(List.of(new CreatePlanTool())).execute("create_plan", JSON.readTree(
                "{\"goal\":\"g\",\"steps\":[\"one\"],\"explanation\":\"to plan\"}"),
                new ToolContext(host, Cancellation.none(), "c")).get(10, TimeUnit.SECONDS);
        assertTrue(plan.isSuccess(), plan.text());
        for (String tool : FILE_TOOLS) {
            JsonNode schema = tools.find(tool).orElseThrow().schema();
            assertTrue(schema.at("/properties/explanation").isObject(), tool + " " + schema);
        }
        ToolResult written = call("write_to_file", "path", "notes.txt", "content", "x\n", "explanation", "a note");
        assertTrue(written.isSuccess(), written.text());
    }

    @Test
    void writeToFileRefusesAnExistingFileTheModelHasNotReadAndChangesNothing() throws Exception {
        String before = Files.readString(root.resolve("src/util.py"));
        ToolResult refused = byModel("write_to_file", "path", "src/util.py", "content", "print('gone')\n");
        assertEquals("write_to_file: 'src/util.py' exists and has not been read in this conversation; read it with"
                + " read_file first (or change parts of it with replace_in_file), so that none of its content is"
                + " lost unseen. Nothing was written.", refused.text());
        assertEquals(before, Files.readString(root.resolve("src/util.py")));
        assertEquals(List.of(), host.changes);

        // A read of another file does not count; a read of this one (under an old name, a part of it) does.
        assertTrue(byModel("read_file", "path", "README.md").isSuccess());
        assertFalse(byModel("write_to_file", "path", "src/util.py", "content", "x\n").isSuccess());
        assertTrue(byModel("read_file", "target_file", "./src/util.py", "start_line", 1, "end_line", 2).isSuccess());
        ToolResult written = byModel("write_to_file", "path", "src/util.py", "content", "print('kept')\n");
        assertTrue(written.isSuccess(), written.text());
        assertEquals("print('kept')\n", Files.readString(root.resolve("src/util.py")));
    }

    @Test
    void aNewFileOrOneTheModelWroteItselfNeedsNoRead() throws Exception {
        assertTrue(byModel("write_to_file", "path", "fresh/new.txt", "content", "one\n").isSuccess());
        ToolResult again = byModel("write_to_file", "file_path", "fresh/new.txt", "content", "two\n");
        assertTrue(again.isSuccess(), again.text());
        assertEquals("two\n", Files.readString(root.resolve("fresh/new.txt")));
    }

    @Test
    void anEmptyExistingFileHasNothingToLoseAndIsWritten() throws Exception {
        Files.writeString(root.resolve("blank.txt"), "");
        ToolResult written = byModel("write_to_file", "path", "blank.txt", "content", "now\n");
        assertTrue(written.isSuccess(), written.text());
    }

    @Test
    void aCallTheUserMakesByHandNeedsNoRead() throws Exception {
        assertTrue(call("write_to_file", "path", "src/util.py", "content", "x\n").isSuccess());
    }
}
