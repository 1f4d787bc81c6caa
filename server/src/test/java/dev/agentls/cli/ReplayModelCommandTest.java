package dev.agentls.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayModelCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void servesTheScriptOnLoopbackSayingItIsAReplayAndExitsAfterItWithOnce() throws Exception {
        Path script = dir.resolve("s.jsonl");
        Files.writeString(script, "{\"type\":\"response\"}\n{\"type\":\"sse\",\"data\":\"[DONE]\"}\n");
        PipedInputStream pipe = new PipedInputStream(1 << 16);
        PrintStream out = new PrintStream(new PipedOutputStream(pipe), true, StandardCharsets.UTF_8);
        CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> Main.run(
                new String[] {"replay-model", "--script", script.toString(), "--port", "0", "--once"}, out,
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        BufferedReader lines = new BufferedReader(new InputStreamReader(pipe, StandardCharsets.UTF_8));

        String banner = lines.readLine();
        assertTrue(banner.contains("REPLAY of " + script) && banner.contains("this is not a real model"), banner);
        Matcher listening = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+) ").matcher(lines.readLine());
        assertTrue(listening.find());
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(listening.group(1) + "/v1/chat/completions"))
                        .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertEquals("data: [DONE]\n\n", response.body());
        assertTrue(lines.readLine().startsWith("replay: POST /v1/chat/completions -> scripted response 1/1"));
        assertEquals(0, status.get(30, TimeUnit.SECONDS));
        assertTrue(lines.readLine().contains("all 1 scripted responses served"));
    }

    @Test
    void aBrokenScriptIsRefusedNamingItsLine() throws Exception {
        Path script = dir.resolve("bad.jsonl");
        Files.writeString(script, "{\"type\":\"response\"}\n{\"type\":\"sse\",\"delayMs\":\"soon\",\"data\":1}\n");
        int status = Main.run(new String[] {"replay-model", "--script", script.toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, status);
        assertEquals("agentls replay-model: bad.jsonl line 2: 'delayMs' must be a whole number of milliseconds from 0 to 600000, got \"soon\"\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void refusesMissingScriptAndBadPort() {
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream());
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Main.run(new String[] {"replay-model"}, quiet, e));
        assertEquals(2, Main.run(new String[] {"replay-model", "--script", "x", "--port", "70000"}, quiet, e));
        assertEquals(1, Main.run(new String[] {"replay-model", "--script", dir.resolve("none.jsonl").toString()}, quiet, e));
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("agentls replay-model: --script FILE is required (a JSONL transcript)"), text);
        assertTrue(text.contains("agentls replay-model: --port must be 0-65535, got 70000"), text);
        assertTrue(text.contains("agentls replay-model: no such file: " + dir.resolve("none.jsonl")), text);
    }
}
