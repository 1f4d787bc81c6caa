package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.agentls.host.FileChange;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class WriteAndDeleteToolsTest extends FileToolFixture {

    @Test
    void writeCreatesAFileAndItsParentFoldersThroughTheHost() throws Exception {
        ToolResult result = call("write_to_file", "target_file", "new/deep/notes.md", "content", "# Notes\nhello\n");
        assertEquals("Created new/deep/notes.md (2 lines).", result.text());
        assertEquals("# Notes\nhello\n", Files.readString(root.resolve("new/deep/notes.md")));
        assertTrue(host.changes.get(0) instanceof FileChange.Create);
    }

    @Test
    void writeReplacesContentKeepingCrlfAndBom() throws Exception {
        call("write_to_file", "target_file", "docs/crlf.txt", "content", "one\ntwo\n");
        assertArrayEquals("one\r\ntwo\r\n".getBytes(StandardCharsets.UTF_8),
                Files.readAllBytes(root.resolve("docs/crlf.txt")));
        call("write_to_file", "target_file", "docs/bom.txt", "content", "name,value\ngamma,3\n");
        byte[] bytes = Files.readAllBytes(root.resolve("docs/bom.txt"));
        assertArrayEquals(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, java.util.Arrays.copyOf(bytes, 3));
        assertEquals("name,value\ngamma,3\n", new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8));
    }

    @Test
    void writingTheSameContentChangesNothing() throws Exception {
        String same = Files.readString(root.resolve("src/util.py"));
        ToolResult result = call("write_to_file", "target_file", "src/util.py", "content", same);
        assertEquals("src/util.py already has exactly this content; nothing was changed.", result.text());
        assertEquals(List.of(), host.changes);
    }

    @Test
    void anEmptyFileCanBeWritten() throws Exception {
        assertTrue(call("write_to_file", "target_file", "empty.txt", "content", "").isSuccess());
        assertEquals(0, Files.size(root.resolve("empty.txt")));
    }

    @Test
    void theHostsRefusalIsAFailureAndTheFileStays() throws Exception {
        host.refusingChanges("the buffer changed (version 4, expected 3)");
        ToolResult result = call("write_to_file", "target_file", "src/util.py", "content", "x\n");
        assertEquals("write_to_file: the change to 'src/util.py' was not applied: the buffer changed (version 4,"
                + " expected 3)", result.text());
        assertTrue(Files.readString(root.resolve("src/util.py")).contains("def mean"));
    }

    @Test
    void writeRefusesDeniedOutsideFolderAndBinaryTargets() throws Exception {
        assertTrue(call("write_to_file", "target_file", ".env", "content", "X=1\n").text()
                .startsWith("write_to_file: '.env' is on the deny list"));
        assertTrue(call("write_to_file", "target_file", "../escape.txt", "content", "x").text()
                .startsWith("write_to_file: path '../escape.txt' is outside the workspace"));
        assertEquals("write_to_file: 'docs' is a folder, not a file; use list_dir to see what it holds",
                call("write_to_file", "target_file", "docs", "content", "x").text());
        assertTrue(call("write_to_file", "target_file", "assets/logo.png", "content", "x").text()
                .matches("write_to_file: 'assets/logo.png' .*binary.*"));
        assertFalse(Files.exists(temp.resolve("escape.txt")));
        assertEquals(List.of(), host.changes);
    }

    @Test
    void writeRefusesHugeContentBeforeTouchingAnything() throws Exception {
        ToolResult result = call("write_to_file", "target_file", "big.txt", "content", "x".repeat(2_000_001));
        assertEquals("write_to_file: 'content' is 2000001 characters long; the limit is 2000000", result.text());
        assertFalse(Files.exists(root.resolve("big.txt")));
    }

    @Test
    void deleteRemovesAFileThroughTheHost() throws Exception {
        ToolResult result = call("delete_file", "target_file", "web/app.js", "explanation", "unused");
        assertEquals("Deleted web/app.js.", result.text());
        assertFalse(Files.exists(root.resolve("web/app.js")));
        assertTrue(host.changes.get(0) instanceof FileChange.Delete);
    }

    @Test
    void deleteRefusesFoldersMissingDeniedAndOutsidePaths() throws Exception {
        assertEquals("delete_file: 'src' is a folder; delete_file deletes files only",
                call("delete_file", "target_file", "src").text());
        assertEquals("delete_file: '.' is a folder; delete_file deletes files only",
                call("delete_file", "target_file", ".").text());
        assertEquals("delete_file: 'gone.txt' does not exist", call("delete_file", "target_file", "gone.txt").text());
        assertTrue(call("delete_file", "target_file", ".env").text().startsWith("delete_file: '.env' is on the deny list"));
        assertTrue(call("delete_file", "target_file", "/etc/hostname").text().contains("is outside the workspace"));
        assertTrue(Files.exists(root.resolve(".env")));
        assertEquals(List.of(), host.changes);
    }
}
