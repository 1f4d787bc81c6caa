package dev.agentls.cli;

import static dev.agentls.cli.OpenAiScript.arguments;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentls.tools.TestWorkspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile calls through {@code agentls run}: huge arguments, a huge tool name, NUL bytes, a thousand calls in one
 * answer. Each is a clear error the model reads, nothing is written by the refused calls, and the run finishes
 * within a bound.
 */
@Tag("slow")
class HostileCallRunTest {

    private static final Duration BOUND = Duration.ofSeconds(120);
    private static final String TEN_MB = "x".repeat(10 * 1024 * 1024);
    private static final String DONE = "Nothing was written.";

    @TempDir
    Path temp;

    private final ScriptedRun r = new ScriptedRun();

    @AfterEach
    void stop() throws Exception {
        r.close();
    }

    @Test
    void tenMegabytesOfArgumentsPastTheAnswerLimitAreAMistakeToldToTheModel() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript()
                .answer("", "write_to_file", arguments("target_file", "big.txt", "content", TEN_MB))
                .answer("", "attempt_completion", arguments("result", DONE));

        int status = assertTimeoutPreemptively(BOUND, () -> r.run(root, "native", script));

        assertEquals(0, status, r.stderr());
        JsonNode mistake = r.only("model_mistake");
        assertEquals("answer_too_large", mistake.get("kind").asText());
        assertTrue(mistake.get("problem").asText().startsWith("the answer passed its size limit of 8000000"
                + " characters"), mistake.toString());
        assertTrue(mistake.get("problem").asText().endsWith("nothing in it was run."), mistake.toString());
        assertFalse(Files.exists(root.resolve("big.txt")));
        assertEquals(DONE, r.finished().get("text").asText());
    }

    @Test
    void tenMegabytesOfArgumentsWithinALargerAnswerLimitAreRefusedBeforeParsing() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript()
                .answer("", "write_to_file", arguments("target_file", "big.txt", "content", TEN_MB))
                .answer("", "attempt_completion", arguments("result", DONE));

        int status = assertTimeoutPreemptively(BOUND, () -> r.run(root, "native", script, "--max-answer-chars",
                "20m"));

        assertEquals(0, status, r.stderr());
        JsonNode result = r.firstResult("write_to_file");
        assertFalse(result.get("ok").asBoolean());
        assertTrue(result.get("text").asText().matches("write_to_file: the arguments are 104857\\d\\d characters"
                + " long; the limit is 4000000\\. Nothing was run\\..*"), result.toString());
        assertEquals("bad_call", r.only("model_mistake").get("kind").asText());
        assertFalse(Files.exists(root.resolve("big.txt")));
        assertEquals(DONE, r.finished().get("text").asText());
    }

    @Test
    void aToolNameOfTenThousandCharactersIsRefusedNamingItsLength() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        String name = "w".repeat(10_000);
        OpenAiScript script = new OpenAiScript()
                .answer("", name, arguments("target_file", "n.txt", "content", "x"))
                .answer("", "attempt_completion", arguments("result", DONE));

        int status = assertTimeoutPreemptively(BOUND, () -> r.run(root, "native", script));

        assertEquals(0, status, r.stderr());
        JsonNode result = r.firstResult(name);
        assertFalse(result.get("ok").asBoolean());
        String text = result.get("text").asText();
        assertTrue(text.startsWith("the tool name '" + "w".repeat(60) + "…' (10000 characters) is not a tool's name:"
                + " a name is at most 128 characters"), text);
        assertTrue(text.contains("The available tools are "), text);
        assertFalse(Files.exists(root.resolve("n.txt")));
        assertEquals(DONE, r.finished().get("text").asText());
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "xml"})
    void nulBytesInArgumentsAreRefusedAndNothingIsWritten(String mode) throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        OpenAiScript script = new OpenAiScript();
        if (mode.equals("xml")) {
            script.answer("<write_to_file>\n<target_file>n.txt</target_file>\n<content>a\0b</content>\n"
                    + "</write_to_file>").answer("<attempt_completion>\n<result>" + DONE
                    + "</result>\n</attempt_completion>");
        } else {
            script.answer("", "write_to_file", arguments("target_file", "n.txt", "content", "a\0b"))
                    .answer("", "attempt_completion", arguments("result", DONE));
        }

        int status = assertTimeoutPreemptively(BOUND, () -> r.run(root, mode, script));

        assertEquals(0, status, r.stderr());
        JsonNode result = r.firstResult("write_to_file");
        assertFalse(result.get("ok").asBoolean());
        assertEquals("write_to_file: the arguments hold a NUL character (\\u0000), which no path, text or command may"
                + " contain. Nothing was run; call it again without it.", result.get("text").asText());
        assertFalse(Files.exists(root.resolve("n.txt")));
        assertEquals(DONE, r.finished().get("text").asText());
    }

    @Test
    void aThousandCallsInOneAnswerRunOnlyTheFirstFiftyAndTellTheRestWhy() throws Exception {
        Path root = TestWorkspace.copy("demo", temp);
        List<String> calls = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            calls.add("write_to_file");
            calls.add(arguments("target_file", "out/f" + i + ".txt", "content", "x"));
        }
        OpenAiScript script = new OpenAiScript().answer("", calls.toArray(String[]::new))
                .answer("", "attempt_completion", arguments("result", DONE));

        int status = assertTimeoutPreemptively(BOUND, () -> r.run(root, "native", script));

        assertEquals(0, status, r.stderr());
        List<JsonNode> results = r.events().stream().filter(e -> e.get("type").asText().equals("tool_result"))
                .toList();
        assertEquals(1_001, results.size());
        assertEquals("write_to_file: not run: one answer may make at most 50 tool calls; this was call 1000. Make"
                + " fewer calls per answer.", results.get(999).get("text").asText());
        assertTrue(Files.exists(root.resolve("out/f49.txt")));
        try (var written = Files.list(root.resolve("out"))) {
            assertEquals(50, written.count());
        }
        assertEquals(DONE, r.finished().get("text").asText());
    }
}
