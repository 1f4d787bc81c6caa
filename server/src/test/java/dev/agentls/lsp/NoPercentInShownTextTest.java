package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 6: lsp-mode formats some messages with Emacs's {@code format}, so no text an editor shows may hold
 * a '%': our wording says "percent", and a '%' a message repeats (a URI's "%20") goes out as the look-alike U+FF05.
 * {@link RawWire} and {@link LspFixture} also check every such text they receive, across all the lsp suites.
 */
@Tag("slow")
class NoPercentInShownTextTest {

    @TempDir
    Path temp;

    @Test
    void aRefusedEditSaysPercentSimilarInWords() throws Exception {
        Files.writeString(temp.resolve("a.txt"), "alpha = 1\nbeta = 2\ngamma = compute(3)\ndelta = 4\n");
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                    + "\"agentls.applyEdits\",\"arguments\":[{\"uri\":\"" + temp.resolve("a.txt").toUri()
                    + "\",\"diff\":\"------- SEARCH\\ngamma = compute(30)\\ndelta = 40 + x\\n=======\\ng\\n+++++++ REPLACE\\n\"}]}}");
            String message = RawWire.error(wire.response("2"), -32803);
            assertTrue(message.contains("SEARCH block 1 not found; closest: lines 3-4, 82 percent similar"), message);
        }
    }

    @Test
    void aRepeatedPercentSignGoesOutAsItsLookAlike() throws Exception {
        try (RawWire wire = new RawWire()) {
            wire.initialize(temp, "1");
            wire.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"workspace/executeCommand\",\"params\":{\"command\":"
                    + "\"run%20it%s\",\"arguments\":[{}]}}");
            String message = RawWire.error(wire.response("2"), -32602);
            assertTrue(message.startsWith("unknown command 'run\uFF0520it\uFF05s'"), message);
            assertFalse(message.contains("%"), message);
        }
    }

    /** A literal percent sign in a format ("%%") or in plain text ("57%") would reach a message; conversions do not. */
    @Test
    void noMessageSourceWritesAPercentSign() throws IOException {
        Pattern literal = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
        Pattern plainPercent = Pattern.compile("%(?![-#+ 0,(]*\\d*(?:\\.\\d+)?[a-zA-Z])");
        List<String> found = new ArrayList<>();
        Path main = LspFixture.repoRoot().resolve("server/src/main/java");
        try (Stream<Path> files = Files.walk(main)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    String trimmed = lines.get(i).trim();
                    if (trimmed.startsWith("*") || trimmed.startsWith("//")) {
                        continue; // comments reach no one
                    }
                    Matcher m = literal.matcher(lines.get(i));
                    while (m.find()) {
                        if (plainPercent.matcher(m.group()).find()) {
                            found.add(main.relativize(file) + ":" + (i + 1) + ": " + m.group());
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void theGuardRewritesProgressTitlesAndMessages() {
        List<org.eclipse.lsp4j.jsonrpc.messages.Message> sent = new ArrayList<>();
        ShownTextGuard guard = new ShownTextGuard(sent::add);
        org.eclipse.lsp4j.WorkDoneProgressBegin begin = new org.eclipse.lsp4j.WorkDoneProgressBegin();
        begin.setTitle("100% done");
        begin.setMessage("a%20b");
        org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage progress =
                new org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage();
        progress.setMethod("$/progress");
        progress.setParams(new org.eclipse.lsp4j.ProgressParams(
                org.eclipse.lsp4j.jsonrpc.messages.Either.forLeft("t"),
                org.eclipse.lsp4j.jsonrpc.messages.Either.forLeft(begin)));
        guard.consume(progress);
        assertEquals("100\uFF05 done", begin.getTitle());
        assertEquals("a\uFF0520b", begin.getMessage());
        assertEquals(1, sent.size());
    }

    @Test
    void theGuardRewritesEveryPercentSignOfAShownText() {
        assertEquals("57\uFF05 similar, file:///a\uFF0520b", ShownTextGuard.shown("57% similar, file:///a%20b"));
        assertEquals(null, ShownTextGuard.shown(null));
    }
}
