package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The temp file of a write a crash interrupted ({@code .<name>.<pid>x<random>.agentls-tmp}) is never shown by the
 * tools: one whose writer lives on (another AgentLS process writing right now) stays hidden from read_file,
 * list_dir, grep_search and file_search; one whose writer is gone is removed by the index's walk.
 */
class TempFilesHiddenTest extends FileToolFixture {

    @Test
    void aLiveWritersTempFileIsNeverReadListedOrSearchedAndAnAbandonedOneIsRemovedByTheWalk() throws Exception {
        Path live = Files.writeString(root.resolve(".notes.txt." + ProcessHandle.current().pid()
                + "x1abc.agentls-tmp"), "needle-in-temp\n");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor(10, TimeUnit.SECONDS);
        Path abandoned = Files.writeString(root.resolve(".old.txt." + gone.pid() + "x2def.agentls-tmp"),
                "needle-in-temp\n");
        index.rescan().get(30, TimeUnit.SECONDS);

        assertFalse(Files.exists(abandoned), "removed: its writer is gone");
        assertTrue(Files.exists(live), "kept: its writer may still rename it into place");
        String read = call("read_file", "target_file", live.getFileName().toString()).text();
        assertTrue(read.contains("is the temp file of a write a crash interrupted"), read);
        assertFalse(call("list_dir", "target_directory", ".").text().contains("agentls-tmp"));
        assertTrue(call("grep_search", "query", "needle-in-temp").text().startsWith("No matches"),
                call("grep_search", "query", "needle-in-temp").text());
        assertFalse(call("file_search", "query", "agentls-tmp").text().contains(".notes.txt"),
                call("file_search", "query", "agentls-tmp").text());
    }
}
