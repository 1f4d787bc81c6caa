package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentls.tools.TestWorkspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code agentls run} against scripted answers that copy how real models err (each answer's public report cited where
 * it is written): the mistake is told to the model, the run goes on and finishes the task, and the mistake shows as a
 * {@code model_mistake} event; in a row past the bound, a headless run ends failed naming the reason.
 */
@Tag("slow")
class ModelMistakeRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GREETER = DemoGreeter.PATH;
    private static final String FIX = DemoGreeter.STRIP_NAME;

    @TempDir
    Path temp;

    private final ScriptedRun r = new ScriptedRun();

    @AfterEach
    void stop() throws Exception {
        r.close();
    }

    /** GPT-4.1 says what it will do and ends its turn (microsoft/vscode-copilot-release#8105). */
    @ParameterizedTest
    @ValueSource(strings = {"native", "xml"})
    void anAnnouncementWithoutACallIsToldToTheModelAndTheRunGoesOnToFinishTheTask(String mode) throws Exception {
        // https://github.com/microsoft/vscode-copilot-release/issues/8105, https://github.com/openai/codex/pull/7923
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript().answer("I'll now fix the division.");
        fixThenComplete(script, mode);

        int status = r.run(root, mode, script);

        assertEquals(0, status, r.stderr());
        JsonNode mistake = r.only("model_mistake");
        assertEquals("no_tool_call", mistake.get("kind").asText());
        assertEquals(1, mistake.get("consecutive").asInt());
        assertEquals(3, mistake.get("limit").asInt());
        String told = r.request(1);
        assertTrue(told.contains("Your last answer could not be used: it says what you will do next (\\\"I'll now fix"
                + " the division.\\\") but makes no tool call"), told);
        assertTrue(told.contains(mode.equals("xml") ? "<read_file>\\n<target_file>src/App.java</target_file>"
                : "through the tool-calling interface"), told);
        assertEquals("Names are stripped.", r.finished().get("text").asText());
        assertEquals("completed", r.finished().get("status").asText());
        assertTrue(Files.readString(root.resolve(GREETER)).contains("name.strip()"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "xml"})
    void anEmptyAnswerIsToldToTheModelAndNeverBecomesTheResult(String mode) throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript().answer("");
        fixThenComplete(script, mode);

        int status = r.run(root, mode, script);

        assertEquals(0, status, r.stderr());
        assertEquals("empty_answer", r.only("model_mistake").get("kind").asText());
        assertEquals("Names are stripped.", r.finished().get("text").asText());
    }

    /** A tool's tag in prose ("I will use the <read_file> tool"), as GLM-4.5 does in Cline (cline/cline#5843). */
    @Test
    void aToolTagWrittenInProseInXmlModeIsToldToTheModelNotAFailedRun() throws Exception {
        // https://github.com/cline/cline/issues/5843, https://github.com/cline/cline/issues/735
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript().answer("I will use the <read_file> tool to look at the greeter.");
        fixThenComplete(script, "xml");

        int status = r.run(root, "xml", script);

        assertEquals(0, status, r.stderr());
        JsonNode mistake = r.only("model_mistake");
        assertEquals("unclosed_tag", mistake.get("kind").asText());
        assertTrue(mistake.get("problem").asText().contains("no </read_file>"), mistake.toString());
        assertTrue(r.request(1).contains("To mention a tool in prose, write its name"
                + " without angle brackets"));
        assertEquals("completed", r.finished().get("status").asText());
    }

    @Test
    void aCallCutByTheLengthLimitIsToldToTheModelAndTheRunGoesOn() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript().cutCall("write_to_file", "{\"target_file\": \"NOTES.md\", \"conte");
        fixThenComplete(script, "native");

        int status = r.run(root, "native", script);

        assertEquals(0, status, r.stderr());
        JsonNode mistake = r.only("model_mistake");
        assertEquals("cut_by_length", mistake.get("kind").asText());
        assertTrue(mistake.get("problem").asText().contains("the call to write_to_file was cut by the output limit"
                + " (finish_reason length)"), mistake.toString());
        assertFalse(Files.exists(root.resolve("NOTES.md")));
        assertEquals("Names are stripped.", r.finished().get("text").asText());
    }

    /** The textual forms of a call, each from its report (see TextToolCallsTest for the sources). */
    @ParameterizedTest
    @ValueSource(strings = {"bare", "tag", "fence"})
    void aCallWrittenAsTextRunsAsACallAndSaysSo(String form) throws Exception {
        // https://github.com/ollama/ollama/issues/12174, https://github.com/vllm-project/vllm/issues/17161,
        // https://github.com/ardanlabs/kronk/pull/950
        Path root = TestWorkspace.copy("demo", temp);
        String call = JSON.createObjectNode().put("name", "replace_in_file").set("arguments",
                JSON.readTree(arguments("target_file", GREETER, "diff", FIX))).toString();
        String text = switch (form) {
            case "bare" -> call;
            case "tag" -> "Fixing it.\n<tool_call>\n" + call + "\n</tool_call>";
            default -> "```json\n" + call + "\n```";
        };
        OpenAiScript script = new OpenAiScript().answer(text)
                .answer("", "attempt_completion", arguments("result", "Names are stripped."));

        int status = r.run(root, "native", script);

        assertEquals(0, status, r.stderr());
        JsonNode recovered = r.only("tool_call_from_text");
        assertEquals("replace_in_file", recovered.get("name").asText());
        assertEquals(switch (form) {
            case "bare" -> "a bare JSON object";
            case "tag" -> "a <tool_call> tag";
            default -> "a fenced JSON block";
        }, recovered.get("form").asText());
        assertTrue(Files.readString(root.resolve(GREETER)).contains("name.strip()"));
        String next = r.request(1);
        assertTrue(next.contains("\"tool_call_id\":\"" + recovered.get("callId").asText() + "\""), next);
        assertEquals("Names are stripped.", r.finished().get("text").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "xml"})
    void threeMistakesInARowEndAHeadlessRunFailedNamingTheReason(String mode) throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript().answer("").answer("Let me read the file.").answer("");

        int status = r.run(root, mode, script);

        assertEquals(1, status);
        JsonNode finished = r.finished();
        assertEquals("failed", finished.get("status").asText());
        assertEquals("stopped: the model made 3 mistakes in a row without a usable tool call"
                + " (agent.maxConsecutiveMistakes is 3); the last: it was empty: no text and no tool call. (no one"
                + " answered whether to go on)", finished.get("text").asText());
        assertEquals(3, r.requests());
        assertTrue(r.only("question_asked").get("question").asText().contains("Its last text: (no text)"));
        assertEquals(List.of(1, 2, 3), r.events().stream().filter(e -> e.get("type").asText().equals("model_mistake"))
                .map(e -> e.get("consecutive").asInt()).toList());
    }

    @Test
    void theBoundIsASettingAndAUsableCallStartsTheCountAgain() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript().answer("")
                .answer("", "read_file", arguments("target_file", GREETER))
                .answer("").answer("");

        int status = r.run(root, "native", script, "--max-mistakes", "2");

        assertEquals(1, status);
        assertEquals(List.of(1, 1, 2), r.events().stream().filter(e -> e.get("type").asText().equals("model_mistake"))
                .map(e -> e.get("consecutive").asInt()).toList());
        assertTrue(r.finished().get("text").asText().contains("(agent.maxConsecutiveMistakes is 2)"));
    }

    /** Completion beside an edit that failed is refused; the run completes only once the fix was applied. */
    @Test
    void attemptCompletionBesideAFailedEditIsRefusedUntilTheModelHasSeenItAndFixedIt() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String wrong = FIX.replace("return greeting", "return hello");
        OpenAiScript script = new OpenAiScript()
                .answer("", "replace_in_file", arguments("target_file", GREETER, "diff", wrong),
                        "attempt_completion", arguments("result", "Names are stripped."))
                .answer("", "replace_in_file", arguments("target_file", GREETER, "diff", FIX))
                .answer("", "attempt_completion", arguments("result", "Names are stripped now."));

        int status = r.run(root, "native", script);

        assertEquals(0, status, r.stderr());
        JsonNode refused = r.events().stream().filter(e -> e.get("type").asText().equals("tool_result")
                && e.get("name").asText().equals("attempt_completion")).findFirst().orElseThrow();
        assertFalse(refused.get("ok").asBoolean());
        String text = refused.get("text").asText();
        assertTrue(text.startsWith("attempt_completion: not accepted: this answer also made 1 other call, whose"
                + " results you had not seen when you called it; these failed:\n- replace_in_file: "), text);
        assertTrue(text.endsWith("Completion waits for them: read their results, fix what failed, then call"
                + " attempt_completion alone in an answer."), text);
        assertEquals("early_completion", r.only("model_mistake").get("kind").asText());
        assertEquals("Names are stripped now.", r.finished().get("text").asText());
        assertTrue(Files.readString(root.resolve(GREETER)).contains("name.strip()"));
    }

    private static void fixThenComplete(OpenAiScript script, String mode) {
        if (mode.equals("xml")) {
            script.answer("<replace_in_file>\n<target_file>" + GREETER + "</target_file>\n<diff>\n" + FIX
                            + "\n</diff>\n</replace_in_file>")
                    .answer("<attempt_completion>\n<result>Names are stripped.</result>\n</attempt_completion>");
        } else {
            script.answer("", "replace_in_file", arguments("target_file", GREETER, "diff", FIX))
                    .answer("", "attempt_completion", arguments("result", "Names are stripped."));
        }
    }
}
