package dev.agentls.lsp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One transcript of {@code src/test/resources/real-model-behaviours/}: a documented way a real model answers, replayed
 * in the transcript format of {@code agentls replay-model}, with what the run must end with. Its {@code #} header
 * names the behaviour, its public sources, the protocol and tool mode, the prompt, the file that must come out as the
 * original with {@code expect-replaced}'s first text turned into its second, and the event (a pattern over one event's
 * JSON line) that shows the mistake.
 */
record RealModelBehaviour(String behaviour, String variant, Path transcript, List<String> sources, String protocol,
        String toolMode, String prompt, String expectFile, String before, String after, Pattern mistakeEvent) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The case's name: {@code behaviour.protocol-mode}. */
    String id() {
        return behaviour + "." + variant;
    }

    static Path folder() {
        return LspFixture.repoRoot().resolve("server/src/test/resources/real-model-behaviours");
    }

    static List<RealModelBehaviour> all() {
        try (Stream<Path> files = Files.list(folder())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jsonl")).sorted()
                    .map(RealModelBehaviour::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RealModelBehaviour read(Path file) {
        List<String> sources = new ArrayList<>();
        java.util.Map<String, String> head = new java.util.HashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.startsWith("# ") || line.indexOf(": ") < 0) {
                    continue;
                }
                String key = line.substring(2, line.indexOf(": "));
                String value = line.substring(line.indexOf(": ") + 2);
                if (key.equals("source")) {
                    sources.add(value);
                } else {
                    head.put(key, value);
                }
            }
            String name = file.getFileName().toString();
            String variant = name.substring(name.indexOf('.') + 1, name.length() - ".jsonl".length());
            JsonNode replaced = JSON.readTree(need(head, "expect-replaced", file));
            return new RealModelBehaviour(need(head, "behaviour", file), variant, file, List.copyOf(sources),
                    need(head, "protocol", file), need(head, "tool-mode", file), need(head, "prompt", file),
                    need(head, "expect-file", file), replaced.get(0).asText(), replaced.get(1).asText(),
                    Pattern.compile(need(head, "mistake-event", file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String need(java.util.Map<String, String> head, String key, Path file) {
        String value = head.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(file.getFileName() + ": the header has no '# " + key + ": ' line");
        }
        return value;
    }

    /** The file as the finished task leaves it: the original with the one change made. */
    String expected(String original) {
        if (original.indexOf(before) < 0 || original.indexOf(before) != original.lastIndexOf(before)) {
            throw new IllegalArgumentException(id() + ": expect-replaced's first text must occur once in " + expectFile);
        }
        return original.replace(before, after);
    }

    /** The settings every front door takes: provider, tool mode and model, as flags. */
    List<String> flags(String baseUrl) {
        return List.of("--provider", protocol, "--base-url", protocol.equals("openai") ? baseUrl + "/v1" : baseUrl,
                "--model", "replay", "--tool-mode", toolMode, "--api-key-env", "AGENTLS_BEHAVIOURS_KEY");
    }
}
