package dev.agentls.lsp;

import static dev.agentls.lsp.LspFixture.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseError;
import org.eclipse.lsp4j.jsonrpc.messages.ResponseErrorCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bad input to {@code agentls.applyEdits} is a JSON-RPC error whose message carries the facts, and touches
 * nothing: no {@code workspace/applyEdit} is sent and no file changes on disk.
 */
@Tag("slow")
class ApplyEditsBadInputTest {

    static final String GREETER = ApplyEditsCommandTest.GREETER;

    @TempDir
    Path temp;

    LspFixture lsp;
    String diskText;

    @BeforeEach
    void start() throws Exception {
        lsp = LspFixture.onCopyOf("demo", temp);
        lsp.initialize();
        diskText = Files.readString(lsp.root.resolve(GREETER));
    }

    @AfterEach
    void nothingWasTouched() throws Exception {
        try {
            assertEquals(0, lsp.editor.applyEditRequests.size(), "no edit may reach the editor");
            assertEquals(diskText, Files.readString(lsp.root.resolve(GREETER)));
        } finally {
            lsp.close();
        }
    }

    private ResponseError failure(CompletableFuture<Object> answer) {
        ExecutionException thrown = assertThrows(ExecutionException.class, () -> await(answer));
        assertTrue(thrown.getCause() instanceof ResponseErrorException, thrown.toString());
        return ((ResponseErrorException) thrown.getCause()).getResponseError();
    }

    private String requestFailed(CompletableFuture<Object> answer) {
        ResponseError error = failure(answer);
        assertEquals(ResponseErrorCode.RequestFailed.getValue(), error.getCode(), error.getMessage());
        return error.getMessage();
    }

    private String invalidParams(CompletableFuture<Object> answer) {
        ResponseError error = failure(answer);
        assertEquals(ResponseErrorCode.InvalidParams.getValue(), error.getCode(), error.getMessage());
        return error.getMessage();
    }

    @Test
    void refusesAPathOutsideTheWorkspace() throws Exception {
        Path outside = temp.resolve("outside.txt");
        Files.writeString(outside, "secret\n");
        String message = requestFailed(lsp.execute(ApplyEditsCommand.ID,
                Map.of("uri", outside.toUri().toString(), "diff", ApplyEditsCommandTest.GREET_EDIT)));
        assertTrue(message.contains("outside the workspace"), message);
        assertTrue(message.contains("outside.txt"), message);
        assertEquals("secret\n", Files.readString(outside));
    }

    @Test
    void refusesAFileEditPathThatClimbsOutOfTheWorkspace() throws Exception {
        String diff = "<file-edit filePath=\"../../etc/passwd\">\n" + ApplyEditsCommandTest.GREET_EDIT + "</file-edit>\n";
        String message = requestFailed(lsp.applyEdits(GREETER, diff));
        assertTrue(message.contains("'../../etc/passwd' is outside the workspace"), message);
    }

    @Test
    void refusesABinaryFile() throws Exception {
        Files.write(lsp.root.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13});
        String message = requestFailed(lsp.applyEdits("logo.png", "------- SEARCH\nPNG\n=======\nJPG\n+++++++ REPLACE\n"));
        assertTrue(message.contains("logo.png"), message);
        assertTrue(message.contains("looks binary"), message);
        assertTrue(message.contains("NUL byte at offset 4"), message);
    }

    @Test
    void refusesInvalidUtf8() throws Exception {
        Files.write(lsp.root.resolve("latin1.txt"), "caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        String message = requestFailed(lsp.applyEdits("latin1.txt", "------- SEARCH\ncaf\n=======\ntea\n+++++++ REPLACE\n"));
        assertTrue(message.contains("latin1.txt"), message);
        assertTrue(message.contains("is not valid UTF-8: byte 0xE9 at offset 3"), message);
    }

    @Test
    void refusesATenMegabyteFile() throws Exception {
        Path big = lsp.root.resolve("big.txt");
        Files.write(big, "x".repeat(10 * 1024 * 1024).getBytes(StandardCharsets.US_ASCII));
        String message = requestFailed(lsp.applyEdits("big.txt", "------- SEARCH\nx\n=======\ny\n+++++++ REPLACE\n"));
        assertTrue(message.contains("big.txt"), message);
        assertTrue(message.contains("10.0 MiB (10485760 bytes)"), message);
        assertTrue(message.contains("the limit for reading a file as text"), message);
        assertEquals(10 * 1024 * 1024, Files.size(big));
    }

    @Test
    void refusesAMissingFileForANonEmptySearch() throws Exception {
        String message = requestFailed(lsp.applyEdits("src/main/java/demo/Nope.java", ApplyEditsCommandTest.GREET_EDIT));
        assertTrue(message.contains("'src/main/java/demo/Nope.java' does not exist"), message);
        assertTrue(message.contains("empty SEARCH"), message);
        assertTrue(Files.notExists(lsp.root.resolve("src/main/java/demo/Nope.java")));
    }

    @Test
    void refusesAMalformedDiffNamingTheIncompleteBlock() throws Exception {
        String message = requestFailed(lsp.applyEdits(GREETER, "------- SEARCH\nfoo\n=======\nbar\n"));
        assertTrue(message.contains("block 1"), message);
        assertTrue(message.contains("incomplete"), message);
    }

    @Test
    void refusesASearchThatIsNotInTheFileNamingTheBlockAndFile() throws Exception {
        lsp.open(GREETER, 1);
        String message = requestFailed(lsp.applyEdits(GREETER,
                "------- SEARCH\n    int notThere() {}\n=======\n    int here() {}\n+++++++ REPLACE\n"));
        assertTrue(message.startsWith(GREETER + ": "), message);
        assertTrue(message.contains("block 1"), message);
    }

    @Test
    void refusesMissingArguments() {
        String message = invalidParams(lsp.execute(ApplyEditsCommand.ID, Map.of("uri", lsp.uri(GREETER))));
        assertEquals("agentls.applyEdits: missing argument 'diff' (a string)", message);
        message = invalidParams(lsp.execute(ApplyEditsCommand.ID, Map.of("diff", "x")));
        assertEquals("agentls.applyEdits: missing argument 'uri' (a string)", message);
    }

    @Test
    void refusesIllTypedArguments() {
        String message = invalidParams(lsp.execute(ApplyEditsCommand.ID, Map.of("uri", lsp.uri(GREETER), "diff", 42)));
        assertEquals("agentls.applyEdits: argument 'diff' must be a string, got a number", message);
        message = invalidParams(lsp.execute(ApplyEditsCommand.ID, "just a string"));
        assertEquals("agentls.applyEdits needs one argument, an object; got a string", message);
        message = invalidParams(lsp.execute(ApplyEditsCommand.ID));
        assertEquals("agentls.applyEdits needs one argument, an object; got none", message);
    }

    @Test
    void refusesAnUnknownCommandListingTheKnownOnes() {
        String message = invalidParams(lsp.execute("agentls.frobnicate"));
        assertTrue(message.startsWith("unknown command 'agentls.frobnicate'"), message);
        assertTrue(message.contains("agentls.applyEdits"), message);
    }
}
