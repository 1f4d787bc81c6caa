package dev.agentls.lsp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.ChangeOutcome;
import dev.agentls.host.FileChange;
import dev.agentls.workspace.AtomicWriter;
import dev.agentls.workspace.DocumentStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BinaryWritesTest {

    @TempDir
    Path temp;

    @Test
    void aWriteThatFailsNamesTheFileAndTheFilesWrittenBeforeIt() throws Exception {
        Path first = temp.resolve("first.bin");
        Path blocker = Files.writeString(temp.resolve("blocker"), "a file, not a folder\n");
        byte[] bytes = {0, 1, 2, (byte) 0xFF};

        ChangeOutcome outcome = new BinaryWrites(new DocumentStore(), new AtomicWriter()).write(List.of(
                new FileChange.WriteBytes(first, bytes), new FileChange.WriteBytes(blocker.resolve("x.bin"), bytes)));

        String reason = ((ChangeOutcome.Refused) outcome).reason();
        assertTrue(reason.startsWith("the editor applied the text changes, but writing "
                + blocker.resolve("x.bin") + " failed: "), reason);
        assertTrue(reason.endsWith("; written before it: first.bin"), reason);
        assertArrayEquals(bytes, Files.readAllBytes(first));
        assertFalse(Files.exists(blocker.resolve("x.bin")));
    }
}
