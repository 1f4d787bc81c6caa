package dev.agentls.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The agent's own folder (.agentls/: conversations, checkpoints) is never read, written, listed or searched by its tools. */
class AgentStateFolderTest extends FileToolFixture {

    @Test
    void toolsNeverReadWriteListOrSearchTheAgentlsFolder() throws Exception {
        Path conversations = Files.createDirectories(root.resolve(".agentls/conversations"));
        Files.writeString(conversations.resolve("c1.json"), "{\"secretMarker\": \"conversation-body-7731\"}\n");
        for (String path : new String[] {".agentls/conversations/c1.json", "./.agentls/conversations/c1.json",
                ".AGENTLS/conversations/c1.json", "src/../.agentls/conversations/c1.json"}) {
            ToolResult read = call("read_file", "target_file", path);
            assertFalse(read.isSuccess(), path + " -> " + read.text());
            assertFalse(read.text().contains("conversation-body-7731"));
        }
        assertTrue(call("read_file", "target_file", ".agentls/conversations/c1.json").text()
                .contains("is AgentLS's own state (conversations, checkpoints, run transcripts)"));
        assertFalse(call("write_to_file", "target_file", ".agentls/conversations/c1.json", "content", "x\n")
                .isSuccess());
        assertFalse(call("delete_file", "target_file", ".agentls/conversations/c1.json").isSuccess());
        assertEquals("{\"secretMarker\": \"conversation-body-7731\"}\n",
                Files.readString(conversations.resolve("c1.json")), "untouched");
        ToolResult grep = call("grep_search", "query", "conversation-body-7731");
        assertFalse(grep.text().contains("c1.json"), grep.text());
        ToolResult files = call("file_search", "query", "c1.json");
        assertFalse(files.text().contains(".agentls"), files.text());
        ToolResult list = call("list_dir", "relative_workspace_path", ".");
        assertFalse(list.text().contains(".agentls"), list.text());
    }
}
