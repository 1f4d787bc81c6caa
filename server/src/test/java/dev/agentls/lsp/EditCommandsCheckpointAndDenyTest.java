package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static dev.agentls.lsp.LspFixture.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, item 9: {@code agentls.applyEdits} and {@code agentls.applyLazyEdit} record a checkpoint, so
 * {@code agentls.rollback} takes them back, and refuse files on the deny list as the agent's tools do, before reading
 * them: the refusal is the same whatever the file holds, or whether it exists, so it is no oracle on a secret.
 */
@Tag("slow")
class EditCommandsCheckpointAndDenyTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;
    static final String STATS = ApplyLazyEditCommandTest.STATS;
    static final String ENV_REFUSAL = ApplyEditsCommand.ID + ": '.env' is on the deny list (environment files hold"
            + " secrets): secrets are never read, listed, searched or passed to commands; nothing was read or changed";

    @TempDir
    Path temp;

    LspFixture lsp;

    @BeforeEach
    void start() throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        lsp.initialize();
    }

    @AfterEach
    void stop() throws Exception {
        lsp.close();
    }

    private static ResponseErrorException refusal(ExecutionException e) {
        return (ResponseErrorException) e.getCause();
    }

    @Test
    void applyEditsRecordsACheckpointThatRollbackTakesBackToTheUnsavedBuffer() throws Exception {
        String disk = lsp.open(GREETER, 1);
        String typed = "// typed, not saved\n" + disk;
        lsp.type(GREETER, typed, 2);

        JsonObject answer = json(await(lsp.applyEdits(GREETER, EditorWithoutApplyEditTest.DIFF)));
        String checkpointId = answer.get("checkpointId").getAsString();
        assertEquals(typed.replace("Greets people", "Welcomes people"),
                lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());

        JsonObject listed = json(await(lsp.execute(CheckpointsCommand.ID, Map.of("conversationId", "direct"))));
        JsonObject checkpoint = listed.getAsJsonArray("checkpoints").get(0).getAsJsonObject();
        assertEquals(checkpointId, checkpoint.get("id").getAsString());
        assertEquals("agentls.applyEdits " + GREETER, checkpoint.get("description").getAsString());
        JsonObject change = checkpoint.getAsJsonArray("changes").get(0).getAsJsonObject();
        assertEquals("modified", change.get("kind").getAsString());
        assertEquals(1, change.get("linesAdded").getAsInt());
        assertEquals(1, change.get("linesRemoved").getAsInt());

        JsonObject rollback = json(await(lsp.execute(RollbackCommand.ID, Map.of("checkpointId", checkpointId))));

        assertTrue(rollback.get("applied").getAsBoolean(), rollback.toString());
        assertEquals(typed, lsp.editor.model.buffer(lsp.uri(GREETER)).orElseThrow().text());
        assertEquals(disk, Files.readString(lsp.root.resolve(GREETER)), "the disk is never written");
    }

    @Test
    void applyLazyEditRecordsACheckpointUnderItsConversationThatRollbackTakesBack() throws Exception {
        String disk = lsp.open(STATS, 1);

        JsonObject answer = json(await(lsp.execute(ApplyLazyEditCommand.ID, Map.of("uri", lsp.uri(STATS),
                "codeEdit", ApplyLazyEditCommandTest.ADD_COUNT, "conversationId", "lazy-1"))));
        assertTrue(lsp.editor.model.buffer(lsp.uri(STATS)).orElseThrow().text().contains("def count(self):"));

        JsonArray listed = json(await(lsp.execute(CheckpointsCommand.ID, Map.of("conversationId", "lazy-1"))))
                .getAsJsonArray("checkpoints");
        assertEquals(1, listed.size());
        assertEquals(answer.get("checkpointId").getAsString(), listed.get(0).getAsJsonObject().get("id").getAsString());
        JsonObject rollback = json(await(lsp.execute(RollbackCommand.ID,
                Map.of("checkpointId", answer.get("checkpointId").getAsString()))));

        assertTrue(rollback.get("applied").getAsBoolean(), rollback.toString());
        assertEquals(disk, lsp.editor.model.buffer(lsp.uri(STATS)).orElseThrow().text());
    }

    @Test
    void aDeniedFileIsRefusedAlikeWhateverItHoldsAndWhetherItExists() throws Exception {
        Path env = lsp.root.resolve(".env");
        Files.writeString(env, "API_KEY=sk-live-123\n");
        List<String> messages = new ArrayList<>();
        // SEARCH text that is in the file, text that is not, a lazy edit, and the same for a file that is absent.
        for (String search : List.of("API_KEY=sk-live-123", "API_KEY=guess")) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> await(lsp.applyEdits(".env",
                    "------- SEARCH\n" + search + "\n=======\nAPI_KEY=x\n+++++++ REPLACE\n")));
            assertEquals(ResponseErrorCode.RequestFailed.getValue(), refusal(e).getResponseError().getCode());
            messages.add(refusal(e).getMessage());
        }
        Files.delete(env);
        ExecutionException absent = assertThrows(ExecutionException.class, () -> await(lsp.applyEdits(".env",
                "------- SEARCH\n=======\nAPI_KEY=x\n+++++++ REPLACE\n")));
        messages.add(refusal(absent).getMessage());

        assertEquals(List.of(ENV_REFUSAL, ENV_REFUSAL, ENV_REFUSAL), messages);
        assertTrue(lsp.editor.applyEditRequests.isEmpty());
        assertTrue(Files.notExists(env), "nothing created");
        assertTrue(json(await(lsp.execute(CheckpointsCommand.ID, Map.of()))).getAsJsonArray("checkpoints").isEmpty());
    }

    @Test
    void aLazyEditOfAPrivateKeyIsRefusedBeforeItIsRead() throws Exception {
        Path key = lsp.root.resolve("id_rsa");
        String secret = "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n-----END OPENSSH PRIVATE KEY-----\n";
        Files.writeString(key, secret);

        ExecutionException e = assertThrows(ExecutionException.class, () -> await(lsp.execute(ApplyLazyEditCommand.ID,
                Map.of("uri", lsp.uri("id_rsa"), "codeEdit", "// ... existing code ...\nabc\nxyz\n"))));

        assertEquals(ApplyLazyEditCommand.ID + ": 'id_rsa' is on the deny list (SSH private keys): secrets are never"
                + " read, listed, searched or passed to commands; nothing was read or changed", refusal(e).getMessage());
        assertEquals(secret, Files.readString(key));
        assertTrue(lsp.editor.applyEditRequests.isEmpty());
    }

    @Test
    void aFileEditWrapperNamingADeniedFileRefusesTheWholeAnswer() throws Exception {
        String greeter = Files.readString(lsp.root.resolve(GREETER));
        String diff = "<file-edit filePath=\"" + GREETER + "\">\n" + EditorWithoutApplyEditTest.DIFF + "</file-edit>\n"
                + "<file-edit filePath=\"config/.env\">\n------- SEARCH\n=======\nA=1\n+++++++ REPLACE\n</file-edit>\n";

        ExecutionException e = assertThrows(ExecutionException.class, () -> await(lsp.applyEdits(GREETER, diff)));

        assertEquals(ApplyEditsCommand.ID + ": 'config/.env' is on the deny list (environment files hold secrets):"
                + " secrets are never read, listed, searched or passed to commands; nothing was read or changed",
                refusal(e).getMessage());
        assertTrue(lsp.editor.applyEditRequests.isEmpty());
        assertEquals(greeter, Files.readString(lsp.root.resolve(GREETER)));
    }
}
