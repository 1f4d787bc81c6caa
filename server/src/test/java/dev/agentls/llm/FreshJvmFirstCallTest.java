package dev.agentls.llm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model client's first request in a fresh JVM (the bench main {@code dev.agentls.bench.FirstModelCall} that
 * {@code scripts/bench-llm-first-call} times) against a scripted server, for each protocol and tool mode: it completes,
 * its JSON read with the wire's mapper and its request carried by okhttp.
 */
@Tag("slow")
class FreshJvmFirstCallTest {

    private static final String OPENAI = """
            {"type":"response"}
            {"type":"sse","data":{"choices":[{"index":0,"delta":{"content":"I'll read it.<read_file><target_file>a.py</target_file></read_file>"},"finish_reason":null}]}}
            {"type":"sse","data":{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\\"target_file\\":\\"a.py\\"}"}}]},"finish_reason":"tool_calls"}]}}
            {"type":"sse","data":{"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":3}}}
            {"type":"sse","data":"[DONE]"}
            """;
    private static final String ANTHROPIC = """
            {"type":"response"}
            {"type":"sse","event":"message_start","data":{"type":"message_start","message":{"usage":{"input_tokens":10}}}}
            {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}}
            {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"I'll read it.<read_file><target_file>a.py</target_file></read_file>"}}}
            {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":0}}
            {"type":"sse","event":"content_block_start","data":{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"read_file","input":{}}}}
            {"type":"sse","event":"content_block_delta","data":{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"target_file\\":\\"a.py\\"}"}}}
            {"type":"sse","event":"content_block_stop","data":{"type":"content_block_stop","index":1}}
            {"type":"sse","event":"message_delta","data":{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":3}}}
            {"type":"sse","event":"message_stop","data":{"type":"message_stop"}}
            """;

    @TempDir
    Path work;

    @Test
    void aFirstModelCallInAFreshJvmCompletesOverOkHttpOnEitherProtocolAndToolMode() throws Exception {
        for (String provider : List.of("openai", "anthropic")) {
            String answer = provider.equals("openai") ? OPENAI : ANTHROPIC;
            try (ScriptedModel model = ScriptedModel.fromText(answer + answer)) {
                String base = model.baseUrl(provider.equals("openai") ? "/v1" : "/").toString();
                for (String mode : List.of("native", "xml")) {
                    List<String> loaded = firstCallClasses(provider, mode, base.replaceAll("/$", ""));
                    assertTrue(loaded.contains("dev.agentls.llm.WireJson"), "the class log is read: " + loaded.size());
                    assertTrue(loaded.contains("dev.agentls.llm.OkHttpTransport"), "okhttp answered");
                }
                model.assertAllConsumed();
            }
        }
    }

    /** The classes a fresh JVM running the bench main loaded, in order; fails unless it exited 0. */
    private List<String> firstCallClasses(String provider, String mode, String baseUrl) throws Exception {
        Path log = work.resolve(provider + "-" + mode + ".classes");
        Path out = work.resolve(provider + "-" + mode + ".out");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-Xlog:class+load:file=" + log, "-cp",
                System.getProperty("java.class.path"), "dev.agentls.bench.FirstModelCall", provider, mode, baseUrl)
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the fresh JVM finished");
        assertEquals(0, process.exitValue(), Files.readString(out));
        assertTrue(Files.readString(out).contains("first_event_ms="), Files.readString(out));
        return Files.readAllLines(log).stream().filter(l -> l.contains(" source: "))
                .map(l -> l.substring(l.indexOf("] ") + 2, l.indexOf(" source: "))).toList();
    }
}
