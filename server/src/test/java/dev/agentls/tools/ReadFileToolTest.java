package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ReadFileToolTest extends FileToolFixture {

    @Test
    void readsTheWholeFileExactlyAfterAHeaderWithoutLineNumbers() throws Exception {
        ToolResult.Success result = (ToolResult.Success) call("read_file", "target_file", "src/util.py");
        String file = Files.readString(root.resolve("src/util.py"));
        assertEquals("[src/util.py: 14 lines]\n" + file, result.text());
        assertEquals(14, result.data().get("totalLines").asInt());
        assertTrue(result.data().get("complete").asBoolean());
    }

    @Test
    void readsAnInclusiveLineRange() throws Exception {
        ToolResult result = call("read_file", "target_file", "src/util.py", "start_line", 4, "end_line", 5);
        assertEquals("[src/util.py: lines 4-5 of 14]\ndef mean(values):\n    return sum(values) / len(values)\n",
                result.text());
        ToolResult toEnd = call("read_file", "target_file", "src/util.py", "start_line", 13, "end_line", 400);
        assertTrue(toEnd.text().startsWith("[src/util.py: lines 13-14 of 14]\n"), toEnd.text());
    }

    @Test
    void theEditorsUnsavedBufferWinsOverDisk() throws Exception {
        Path file = root.resolve("src/util.py");
        documents.didOpen(file, 7, "edited in the editor\n");
        ToolResult result = call("read_file", "target_file", "src/util.py");
        assertEquals("[src/util.py: 1 line; unsaved editor buffer, version 7]\nedited in the editor\n", result.text());
    }

    @Test
    void saysWhenLinesEndInCrlfAndHidesTheBom() throws Exception {
        ToolResult crlf = call("read_file", "target_file", "docs/crlf.txt");
        assertEquals("[docs/crlf.txt: 3 lines; CRLF line endings, shown as LF]\nfirst line\nsecond line\nthird line\n",
                crlf.text());
        ToolResult bom = call("read_file", "target_file", "docs/bom.txt");
        assertEquals("[docs/bom.txt: 3 lines]\nname,value\nalpha,1\nbeta,2\n", bom.text());
        assertTrue(((ToolResult.Success) bom).data().get("bom").asBoolean());
    }

    @Test
    void aUtf16FileWithABomIsDecodedForReadingAndMarkedReadOnly() throws Exception {
        byte[] body = "caf\u00e9\nna\u00efve\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        byte[] bytes = new byte[body.length + 2];
        bytes[0] = (byte) 0xFF;
        bytes[1] = (byte) 0xFE;
        System.arraycopy(body, 0, bytes, 2, body.length);
        Files.write(root.resolve("docs/utf16.txt"), bytes);

        ToolResult.Success result = (ToolResult.Success) call("read_file", "target_file", "docs/utf16.txt");

        assertEquals("[docs/utf16.txt: 2 lines; decoded from UTF-16LE (not UTF-8): read-only, edits to this file are "
                + "refused]\ncaf\u00e9\nna\u00efve\n", result.text());
        assertEquals("UTF-16LE", result.data().get("encoding").asText());
        assertFalse(result.data().get("editable").asBoolean());
    }

    @Test
    void aLatin1FileIsReadAsWindows1252ButAnEditToItIsRefusedAndTheFileKept() throws Exception {
        byte[] bytes = "price = 5\u20ac? no: caf\u00e9\n".getBytes(java.nio.charset.Charset.forName("windows-1252"));
        Path file = root.resolve("docs/latin1.txt");
        Files.write(file, bytes);

        ToolResult read = call("read_file", "target_file", "docs/latin1.txt");
        assertEquals("[docs/latin1.txt: 1 line; decoded from windows-1252 (not UTF-8): read-only, edits to this file "
                + "are refused]\nprice = 5\u20ac? no: caf\u00e9\n", read.text());

        ToolResult edit = call("replace_in_file", "target_file", "docs/latin1.txt",
                "diff", "------- SEARCH\nprice = 5\n=======\nprice = 6\n+++++++ REPLACE\n");
        assertTrue(edit instanceof ToolResult.Failure, edit.text());
        assertTrue(edit.text().contains("is not valid UTF-8: byte 0x80 at offset 9"), edit.text());
        assertArrayEquals(bytes, Files.readAllBytes(file));
    }

    @Test
    void aBinaryFileIsStillRefusedNotDecodedAsText() throws Exception {
        Files.write(root.resolve("blob.bin"), new byte[] {(byte) 0xC3, 0x28, 0, 1, 2, 3, (byte) 0xFF});
        ToolResult result = call("read_file", "target_file", "blob.bin");
        assertTrue(result instanceof ToolResult.Failure, result.text());
        assertTrue(result.text().contains("looks binary: it contains a NUL byte at offset 2"), result.text());
    }

    @Test
    void aLongFileGivesAPreviewWithItsLineCountAskingForRanges() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 2500; i++) {
            text.append("line ").append(i).append('\n');
        }
        Files.writeString(root.resolve("long.txt"), text);
        ToolResult preview = call("read_file", "target_file", "long.txt");
        assertTrue(preview.text().startsWith("[long.txt: lines 1-100 of 2500]\nline 1\n"), preview.text());
        assertTrue(preview.text().contains("line 100\n\n[long.txt has 2500 lines"));
        assertFalse(preview.text().contains("line 101\n"));
        assertTrue(preview.text().contains("Read the rest in ranges with start_line and end_line."));
        ToolResult range = call("read_file", "target_file", "long.txt", "start_line", 1, "end_line", 2500);
        assertTrue(range.text().contains("line 2000\n\n[stopped at line 2000"), range.text());
        assertTrue(range.text().contains("continue with start_line 2001"));
        ToolResult rest = call("read_file", "target_file", "long.txt", "start_line", 2001);
        assertTrue(rest.text().startsWith("[long.txt: lines 2001-2500 of 2500]\nline 2001\n"), rest.text());
    }

    @Test
    void aFileOfFewHugeLinesIsBoundedByBytes() throws Exception {
        String line = "x".repeat(100 * 1024) + "\n";
        Files.writeString(root.resolve("wide.txt"), line.repeat(4));
        ToolResult preview = call("read_file", "target_file", "wide.txt");
        assertTrue(preview.text().startsWith("[wide.txt: lines 1-2 of 4]\n"), preview.text().substring(0, 80));
        assertTrue(preview.text().endsWith("\n[wide.txt has 4 lines (400.0 KiB), more than one read returns (2000"
                + " lines or 256 KiB); this is a preview of lines 1-2. Read the rest in ranges with start_line and"
                + " end_line.]"));
        ToolResult range = call("read_file", "target_file", "wide.txt", "start_line", 2, "end_line", 4);
        assertTrue(range.text().startsWith("[wide.txt: lines 2-3 of 4]\n"), range.text().substring(0, 80));
        assertTrue(range.text().endsWith("[stopped at line 3: one read returns at most 2000 lines or 256 KiB;"
                + " continue with start_line 4.]"));
    }

    @Test
    void aSingleLineLongerThanAReadIsCutAndSaysSo() throws Exception {
        Files.writeString(root.resolve("min.js"), "é".repeat(200_000) + "\nnext\n");
        ToolResult result = call("read_file", "target_file", "min.js", "start_line", 1, "end_line", 2);
        String text = result.text();
        assertTrue(text.contains("\n[line 1 is 400000 bytes long; only its first 262144 bytes are shown]\n"),
                text.substring(text.length() - 300));
        assertTrue(text.endsWith("[stopped at line 1: one read returns at most 2000 lines or 256 KiB; continue with"
                + " start_line 2.]"), text.substring(text.length() - 200));
    }

    @Test
    void refusesWhatItMustNotReadNamingTheFact() throws Exception {
        assertTrue(call("read_file", "target_file", "assets/logo.png").text().matches(
                "read_file: 'assets/logo.png' .*binary.*"), call("read_file", "target_file", "assets/logo.png").text());
        assertTrue(call("read_file", "target_file", ".env").text().startsWith(
                "read_file: '.env' is on the deny list (environment files hold secrets)"));
        assertTrue(call("read_file", "target_file", "../../etc/passwd").text().startsWith(
                "read_file: path '../../etc/passwd' is outside the workspace"));
        assertTrue(call("read_file", "target_file", "/etc/passwd").text().contains("is outside the workspace"));
        assertEquals("read_file: 'src' is a folder, not a file; use list_dir to see what it holds",
                call("read_file", "target_file", "src").text());
        assertEquals("read_file: 'nope.txt' does not exist", call("read_file", "target_file", "nope.txt").text());
        assertEquals("read_file: start_line 40 is past the end of 'src/util.py', which has 14 lines",
                call("read_file", "target_file", "src/util.py", "start_line", 40).text());
        assertEquals("read_file: end_line 2 is before start_line 5",
                call("read_file", "target_file", "src/util.py", "start_line", 5, "end_line", 2).text());
        assertEquals("read_file: 'start_line' must be a positive integer, got -3",
                call("read_file", "target_file", "src/util.py", "start_line", -3).text());
    }

    @Test
    void aSymbolicLinkLeavingTheWorkspaceIsRefused() throws Exception {
        Path outside = Files.writeString(temp.resolve("secret.txt"), "outside\n");
        Files.createSymbolicLink(root.resolve("link.txt"), outside);
        ToolResult result = call("read_file", "target_file", "link.txt");
        assertTrue(result.text().startsWith("read_file: path 'link.txt' is outside the workspace"), result.text());
        assertTrue(result.text().contains("symbolic link"));
    }
}
