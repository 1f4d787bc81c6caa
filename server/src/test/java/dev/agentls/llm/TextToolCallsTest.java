package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The textual forms of tool calls local models write, each from its public report, and what is not a call. */
class TextToolCallsTest {

    private final TextToolCalls calls = new TextToolCalls(Set.of("read_file", "write_to_file"));

    /** Qwen2.5-Coder on Ollama: the call as bare JSON in content, tool_calls null (ollama/ollama#12174). */
    @Test
    void findsABareJsonCallAsQwenCoderWritesItOnOllama() {
        // https://github.com/ollama/ollama/issues/12174
        assertEquals(List.of(new TextToolCalls.Found("read_file", "{\"target_file\":\"src/A.java\"}",
                        TextToolCalls.Form.BARE_JSON)),
                calls.find("{\"name\": \"read_file\", \"arguments\": {\"target_file\": \"src/A.java\"}}\n"));
    }

    /** Two bare objects one after another (sgomez/ollama-ai-provider#11 shows the shape). */
    @Test
    void findsSeveralBareJsonCallsInOrder() {
        // https://github.com/sgomez/ollama-ai-provider/pull/11
        List<TextToolCalls.Found> found = calls.find("{\"name\": \"read_file\", \"arguments\": {\"target_file\": \"a\"}}"
                + " {\"name\": \"read_file\", \"arguments\": {\"target_file\": \"b\"}}");
        assertEquals(List.of("{\"target_file\":\"a\"}", "{\"target_file\":\"b\"}"),
                found.stream().map(TextToolCalls.Found::argumentsJson).toList());
    }

    /** Hermes/Qwen format left in content when the server runs no tool parser (vllm-project/vllm#17161, #21571). */
    @Test
    void findsAToolCallTagAnywhereInTheText() {
        // https://github.com/vllm-project/vllm/issues/17161 and https://github.com/vllm-project/vllm/issues/21571
        assertEquals(List.of(new TextToolCalls.Found("write_to_file", "{\"target_file\":\"x\",\"content\":\"y\"}",
                        TextToolCalls.Form.TOOL_CALL_TAG)),
                calls.find("I will write it.\n<tool_call>\n{\"name\": \"write_to_file\", \"arguments\": "
                        + "{\"target_file\": \"x\", \"content\": \"y\"}}\n</tool_call>"));
    }

    /** Qwen2.5-Coder sometimes puts a valid call in a Markdown JSON fence (ardanlabs/kronk#950). */
    @Test
    void findsACallInAFencedJsonBlockThatIsTheWholeAnswer() {
        // https://github.com/ardanlabs/kronk/pull/950
        assertEquals(List.of(new TextToolCalls.Found("read_file", "{\"target_file\":\"a\"}",
                        TextToolCalls.Form.FENCED_JSON)),
                calls.find("```json\n{\"name\":\"read_file\",\"arguments\":{\"target_file\":\"a\"}}\n```"));
    }

    /** Data with a "name" key is not a call (ahwurm/localharness#105); nor is an example inside prose. */
    @Test
    void refusesDataExamplesUnknownToolsAndMalformedCalls() {
        // https://github.com/ahwurm/localharness/issues/105 and https://github.com/odysseus-dev/odysseus/pull/3356
        assertEquals(List.of(), calls.find("```json\n{\"name\": \"my-app\", \"version\": \"1.0.0\"}\n```"));
        assertEquals(List.of(), calls.find("Run this:\n```json\n{\"name\":\"read_file\",\"arguments\":{}}\n```"));
        assertEquals(List.of(), calls.find("{\"name\": \"rm_rf\", \"arguments\": {}}"));
        assertEquals(List.of(), calls.find("{\"name\": \"read_file\", \"arguments\": [1]}"));
        assertEquals(List.of(), calls.find("<tool_call>{\"name\": \"read_file\", \"arguments\": {</tool_call>"));
        assertEquals(List.of(), calls.find("Greeter greets people by name."));
        assertEquals(List.of(), calls.find(""));
    }

    @Test
    void readsArgumentsGivenAsAJsonStringAndParametersAsASynonym() {
        assertEquals("{\"target_file\":\"a\"}", calls.find("{\"name\": \"read_file\", \"arguments\":"
                + " \"{\\\"target_file\\\": \\\"a\\\"}\"}").get(0).argumentsJson());
        assertEquals("{\"target_file\":\"b\"}", calls.find("{\"name\": \"read_file\", \"parameters\":"
                + " {\"target_file\": \"b\"}}").get(0).argumentsJson());
    }
}
