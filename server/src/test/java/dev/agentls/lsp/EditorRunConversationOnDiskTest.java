package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run started from the editor has on disk when its model gets the request: the conversation file, written
 * atomically and synced, holding the user's request. So a crash (of the server, or the machine) after the request is
 * sent loses nothing the user typed. The scripted model on loopback reads the folder as each request arrives, while
 * the run waits for its answer.
 */
@Tag("slow")
class EditorRunConversationOnDiskTest {

    @TempDir
    Path temp;

    @Test
    void theUsersRequestIsInTheConversationFileBeforeTheModelGetsIt() throws Exception {
        try (RunFixture lsp = new RunFixture(temp, RealClient.helix(), new ReplayAnswers().complete("Greeted."))) {
            Path folder = lsp.root.resolve(".agentls/conversations");
            CompletableFuture<List<String>> atFirstRequest = new CompletableFuture<>();
            lsp.modelLog = line -> {
                if (line.contains("-> scripted response 1/")) {
                    atFirstRequest.complete(filesIn(folder));
                }
            };

            JsonObject started = lsp.answer(StartRunCommand.ID, Map.of("prompt", "Greet the zebra-42 team"));
            List<String> onDisk = LspFixture.await(atFirstRequest);

            assertEquals(1, onDisk.size(), "one conversation file: " + onDisk);
            String conversation = onDisk.get(0);
            assertTrue(java.util.regex.Pattern.compile("\"id\"\\s*:\\s*\"" + started.get("conversationId").getAsString()
                    + "\"").matcher(conversation).find(), conversation);
            assertTrue(conversation.contains("Greet the zebra-42 team"), conversation);
            lsp.editor.awaitShown(text -> text.contains("AgentLS #1 finished"));
        }
    }

    private static List<String> filesIn(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().map(f -> {
                try {
                    return Files.readString(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
